"""Knight Moves (POJ 1915, Baekjoon 7562) with an off-by-one edge: the search tests `<= l`
where `< l` is meant, so it takes the board for (l+1)x(l+1) and a route may pass through a
row or column past the edge. From the far corner to the square diagonally next to it, such as
`1` / `8` / `7 7` / `6 6`, it answers 2 (through 8,5) where the board needs 4; `generate hard`'s
valid scenarios (sides 4, 5, 8 and 300) have such pairs."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def moves(side, start, end):
    distance = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        if square == end:
            return distance[square]
        for dx, dy in JUMPS:
            step = (square[0] + dx, square[1] + dy)
            # The bug: <= side where < side is meant.
            if 0 <= step[0] <= side and 0 <= step[1] <= side and step not in distance:
                distance[step] = distance[square] + 1
                queue.append(step)
    return -1


def main():
    tokens = sys.stdin.buffer.read().split()
    count = int(tokens[0])
    answers = []
    for i in range(count):
        side, x0, y0, x1, y1 = map(int, tokens[1 + 5 * i:6 + 5 * i])
        answers.append(moves(side, (x0, y0), (x1, y1)))
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
