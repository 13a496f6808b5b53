"""Knight Moves Grid (CSES 3217), right but slow: a fresh breadth-first search from the corner
for every square, each stopping when it reaches its square. That is up to n^2 searches of up
to n^2 squares each, about 10^12 steps for n = 1000 (hours); right and quick on small boards,
such as the sample (8)."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def moves(n, goal):
    distance = {(0, 0): 0}
    queue = deque([(0, 0)])
    while queue:
        square = queue.popleft()
        if square == goal:
            return distance[square]
        for dr, dc in JUMPS:
            step = (square[0] + dr, square[1] + dc)
            if 0 <= step[0] < n and 0 <= step[1] < n and step not in distance:
                distance[step] = distance[square] + 1
                queue.append(step)
    return -1


def main():
    n = int(sys.stdin.read())
    for r in range(n):
        print(" ".join(str(moves(n, (r, c))) for c in range(n)))


main()
