"""Knight Moves, printing a route that is not always a shortest one: a depth-first search
that takes the first route it finds to the second square within 6 moves (every pair of the
board is at most 6 apart), so its count is right only where no shorter route exists."""
import sys

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]


def route(start, goal, path, depth):
    square = path[-1]
    if square == goal:
        return path
    if depth == 0:
        return None
    for file_step, rank_step in JUMPS:
        step = (square[0] + file_step, square[1] + rank_step)
        if 0 <= step[0] < 8 and 0 <= step[1] < 8 and step not in path:
            found = route(start, goal, path + [step], depth - 1)
            if found:
                return found
    return None


def name(square):
    return chr(ord("a") + square[0]) + str(square[1] + 1)


for line in sys.stdin:
    if line.split():
        source, target = line.split()
        start = (ord(source[0]) - ord("a"), int(source[1]) - 1)
        goal = (ord(target[0]) - ord("a"), int(target[1]) - 1)
        squares = [name(square) for square in route(start, goal, [start], 6)]
        print(f"To get from {source} to {target} takes {len(squares) - 1} knight moves: "
              f"{' '.join(squares)}.")
