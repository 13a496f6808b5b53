"""Knight Moves with a route, right but not knight-moves' own: each square's distance to the
second square by a breadth-first search from it, then the route walked from the first square,
each step to the last of its neighbours (in another order of the jumps than knight-moves'
searches take them) that is one move nearer. Any shortest route is right: DMOJ must accept it
on every case, though it differs from the judge's answer file on most lines.

scripts/verify-dmoj.sh also submits it with one mistake put in (MISTAKE below), each of which
DMOJ must judge wrong although the number of moves is right: "not-a-move", whose first step
stays on the first square; "longer", whose route goes to a neighbour and back first, two moves
more than the fewest, every step a knight move."""
import sys
from collections import deque

MISTAKE = None

JUMPS = [(-1, -2), (-2, -1), (-2, 1), (-1, 2), (1, 2), (2, 1), (2, -1), (1, -2)]


def neighbours(square):
    for file_step, rank_step in JUMPS:
        step = (square[0] + file_step, square[1] + rank_step)
        if 0 <= step[0] < 8 and 0 <= step[1] < 8:
            yield step


def route(source, target):
    """The fewest moves from source to target, and the squares of a route that takes them."""
    start = (ord(source[0]) - ord("a"), int(source[1]) - 1)
    goal = (ord(target[0]) - ord("a"), int(target[1]) - 1)
    distance = {goal: 0}
    queue = deque([goal])
    while queue:
        square = queue.popleft()
        for step in neighbours(square):
            if step not in distance:
                distance[step] = distance[square] + 1
                queue.append(step)
    squares = [start]
    while squares[-1] != goal:
        here = squares[-1]
        nearer = [step for step in neighbours(here) if distance[step] == distance[here] - 1]
        squares.append(nearer[-1])
    if MISTAKE == "not-a-move" and len(squares) > 1:
        squares[1] = squares[0]
    if MISTAKE == "longer" and len(squares) > 1:
        squares[1:1] = [next(neighbours(start)), start]
    return distance[start], [chr(ord("a") + file) + str(rank + 1) for file, rank in squares]


for line in sys.stdin:
    if line.split():
        source, target = line.split()
        moves, squares = route(source, target)
        print(f"To get from {source} to {target} takes {moves} knight moves: "
              f"{' '.join(squares)}.")
