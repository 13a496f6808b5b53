"""Knight Moves, printing a shortest route: a breadth-first search from the first square for
each line, each square reached remembering the square it was reached from, so that the route
is read back from the second square."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def route(source, target):
    start = (ord(source[0]) - ord("a"), int(source[1]) - 1)
    goal = (ord(target[0]) - ord("a"), int(target[1]) - 1)
    came_from = {start: None}
    queue = deque([start])
    while queue:
        square = queue.popleft()
        if square == goal:
            break
        for file_step, rank_step in JUMPS:
            step = (square[0] + file_step, square[1] + rank_step)
            if 0 <= step[0] < 8 and 0 <= step[1] < 8 and step not in came_from:
                came_from[step] = square
                queue.append(step)
    squares = []
    square = goal
    while square is not None:
        squares.append(chr(ord("a") + square[0]) + str(square[1] + 1))
        square = came_from[square]
    return squares[::-1]


for line in sys.stdin:
    if line.split():
        source, target = line.split()
        squares = route(source, target)
        print(f"To get from {source} to {target} takes {len(squares) - 1} knight moves: "
              f"{' '.join(squares)}.")
