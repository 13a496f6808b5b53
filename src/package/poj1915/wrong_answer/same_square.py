"""Knight Moves (POJ 1915, Baekjoon 7562) with the classic bug of testing for the end square
only when a jump lands on it: the starting square is never tested, so a scenario whose two
squares are the same is answered 2 (a jump away and back) instead of 0. The sample's third
scenario (side 10, 1 1 to 1 1) shows it."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def moves(side, start, end):
    # The bug: no `if start == end: return 0`, and the start is marked only by its distance.
    distance = [[-1] * side for _ in range(side)]
    distance[start[0]][start[1]] = 0
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in JUMPS:
            u, v = x + dx, y + dy
            if 0 <= u < side and 0 <= v < side and (distance[u][v] < 0 or (u, v) == end):
                if (u, v) == end:
                    return distance[x][y] + 1
                distance[u][v] = distance[x][y] + 1
                queue.append((u, v))
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
