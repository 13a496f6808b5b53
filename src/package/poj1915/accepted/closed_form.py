"""Knight Moves (POJ 1915, Baekjoon 7562) in closed form. On a board of side 5 or more, the
fewest moves are those of a board without edges, but for a corner and the square diagonally
next to it (4 moves there, where without edges 2 would do); checked against a search for every
pair of every side from 5 to 25, and the edges only matter less on bigger boards. The side-4
board breaks the rule (3,3 to 3,0 takes 5 moves, not 3), so it is searched: 16 squares."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def unbounded(dx, dy):
    """The fewest knight moves between squares dx and dy apart, without edges."""
    dx, dy = max(abs(dx), abs(dy)), min(abs(dx), abs(dy))
    if (dx, dy) == (1, 0):
        return 3
    if (dx, dy) == (2, 2):
        return 4
    delta = dx - dy
    if dy > delta:
        return delta - 2 * ((delta - dy) // 3)
    return delta - 2 * ((delta - dy) // 4)


def searched(side, start, end):
    distance = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        if square == end:
            return distance[square]
        for dx, dy in JUMPS:
            step = (square[0] + dx, square[1] + dy)
            if 0 <= step[0] < side and 0 <= step[1] < side and step not in distance:
                distance[step] = distance[square] + 1
                queue.append(step)
    return -1


def moves(side, start, end):
    if side < 5:
        return searched(side, start, end)
    dx, dy = end[0] - start[0], end[1] - start[1]
    corners = {(0, 0), (0, side - 1), (side - 1, 0), (side - 1, side - 1)}
    if abs(dx) == 1 and abs(dy) == 1 and (start in corners or end in corners):
        return 4
    return unbounded(dx, dy)


def main():
    tokens = sys.stdin.buffer.read().split()
    count = int(tokens[0])
    answers = []
    for i in range(count):
        side, x0, y0, x1, y1 = map(int, tokens[1 + 5 * i:6 + 5 * i])
        answers.append(moves(side, (x0, y0), (x1, y1)))
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
