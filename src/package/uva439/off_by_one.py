"""Knight Moves with an off-by-one edge: the search takes the board for 9x9 (it tests
`<= 8` where `< 8` is meant), so a route may pass through a ninth file or rank. h8 g7 then
takes 2 moves (through i6), where on the board it takes 4."""
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
            # The bug: <= 8 where < 8 is meant.
            if 0 <= step[0] <= 8 and 0 <= step[1] <= 8 and step not in distance:
                distance[step] = distance[square] + 1
                queue.append(step)
    raise ValueError(f"no route from {source} to {target}")


for line in sys.stdin:
    if line.split():
        source, target = line.split()
        print(f"To get from {source} to {target} takes {moves(source, target)} knight moves.")
