"""Knight Moves Grid (CSES 3217), right but slow: a fresh breadth-first search from the corner
for every square, each stopping when it takes its square from the queue.

Its work is counted, not timed. Every search takes the squares from the queue in the same
order, so the search for the k-th square of that order takes k of them, and a board of
N = n^2 squares (every one reachable, n being at least 4) costs 1 + 2 + ... + N = N(N + 1)/2
squares taken from the queue, each but a search's last with its 8 jumps tried.
data/secret/11-n-1000 has N = 10^6: 5 * 10^11 squares taken, 4 * 10^12 jumps tried. Even at
10^9 squares a second, far beyond PyPy for a step that makes a tuple and looks it up in a
dictionary, that is 500 s against the 8 s limit (10-n-999 takes nearly as long). Right and
quick on small boards, such as the sample (8: 2,080 squares taken)."""
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
