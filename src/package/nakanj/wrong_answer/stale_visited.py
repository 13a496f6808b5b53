"""Minimum Knight Moves (SPOJ NAKANJ) with the classic bug of a search whose table is not reset
between test cases: the distances are kept from one test case to the next, and a square once
reached is never reached again. After the first test case every square is marked, so each
later one is answered with its destination's distance from the FIRST test case's start. The
sample passes by luck (its later cases share a1's distances); `2` / `a1 a1` / `b1 b1` shows it
(0 and 0, where this prints 0 and 3), and so does `generate hard`."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]

# The bug: one table for the whole run, filled once and never cleared.
distance = [[-1] * 8 for _ in range(8)]


def moves(source, target):
    start = (ord(source[0]) - ord("a"), int(source[1]) - 1)
    goal = (ord(target[0]) - ord("a"), int(target[1]) - 1)
    if distance[start[0]][start[1]] < 0:
        distance[start[0]][start[1]] = 0
    queue = deque([start])
    while queue:
        file, rank = queue.popleft()
        for file_step, rank_step in JUMPS:
            f, r = file + file_step, rank + rank_step
            if 0 <= f < 8 and 0 <= r < 8 and distance[f][r] < 0:
                distance[f][r] = distance[file][rank] + 1
                queue.append((f, r))
    return distance[goal[0]][goal[1]]


def main():
    tokens = sys.stdin.read().split()
    count = int(tokens[0])
    answers = [moves(tokens[1 + 2 * i], tokens[2 + 2 * i]) for i in range(count)]
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
