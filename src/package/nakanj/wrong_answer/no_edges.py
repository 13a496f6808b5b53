"""Minimum Knight Moves (SPOJ NAKANJ) with the classic bug: the search forgets the board's
edges, so a route may leave the board and come back. Every pair but a corner and the square
diagonally next to it (a1 b2, h1 g2, a8 b7, h8 g7, either way) has the same distance on the
endless board; those take 4 moves on the board and 2 off it, which this answers. The input
that shows it: any with such a pair, such as `1` / `a1 b2` (`generate hard` has them all)."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def moves(source, target):
    start = (ord(source[0]) - ord("a"), int(source[1]) - 1)
    goal = (ord(target[0]) - ord("a"), int(target[1]) - 1)
    distance = {start: 0}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        if square == goal:
            return distance[square]
        for file_step, rank_step in JUMPS:
            step = (square[0] + file_step, square[1] + rank_step)
            # The bug: no check that step is on the board (a margin only keeps it finite).
            if -4 <= step[0] < 12 and -4 <= step[1] < 12 and step not in distance:
                distance[step] = distance[square] + 1
                queue.append(step)
    raise ValueError(f"no route from {source} to {target}")


def main():
    tokens = sys.stdin.read().split()
    count = int(tokens[0])
    answers = [moves(tokens[1 + 2 * i], tokens[2 + 2 * i]) for i in range(count)]
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
