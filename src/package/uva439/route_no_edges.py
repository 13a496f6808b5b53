"""Knight Moves, printing a route, with the classic bug: the search forgets the board's edges,
so from a corner to the square diagonally next to it (a1 b2, h1 g2, a8 b7, h8 g7) it finds a
route of 2 moves that leaves the board (a1 c0 b2, say), where a shortest route on the board
takes 4."""
import sys
from collections import deque

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def name(square):
    # Off the board, a square still gets a name: a letter past h, a rank of 0 or less.
    return chr(ord("a") + square[0]) + str(square[1] + 1)


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
            # The bug: no check that step is on the board (a margin only keeps it finite).
            if -4 <= step[0] < 12 and -4 <= step[1] < 12 and step not in came_from:
                came_from[step] = square
                queue.append(step)
    squares = []
    square = goal
    while square is not None:
        squares.append(name(square))
        square = came_from[square]
    return squares[::-1]


for line in sys.stdin:
    if line.split():
        source, target = line.split()
        squares = route(source, target)
        print(f"To get from {source} to {target} takes {len(squares) - 1} knight moves: "
              f"{' '.join(squares)}.")
