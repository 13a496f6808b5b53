"""Minimum Knight Moves (SPOJ NAKANJ): a breadth-first search from the start square for each
test case, stopping when it reaches the destination."""
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
            if 0 <= step[0] < 8 and 0 <= step[1] < 8 and step not in distance:
                distance[step] = distance[square] + 1
                queue.append(step)
    raise ValueError(f"no route from {source} to {target}")


def main():
    tokens = sys.stdin.read().split()
    count = int(tokens[0])
    answers = [moves(tokens[1 + 2 * i], tokens[2 + 2 * i]) for i in range(count)]
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
