"""Knight Moves (POJ 1915, Baekjoon 7562), right but slow: Dijkstra's algorithm as first
taught, with a scan of the board where a heap (or, every jump being one move, a queue) belongs.
Each round scans every square for the nearest one not yet finished, finishes it and lowers the
distances of its jumps, until the nearest square it finds is the end square.

Its work is counted, not timed. Squares are finished in order of distance, then of place on
the board (the scan keeps the first of the nearest), so a scenario takes one round more than
there are squares before its end square in that order, and every round scans all l^2 squares.
data/secret/03-largest-boards holds ten scenarios on side 300 (90,000 squares), seven of them
to a square 100 to 200 moves away, which comes after most of the others: 619,259 rounds, so
5.6 * 10^10 scan steps. Even at 10^9 simple steps a second, PyPy's best, that is 56 s against
the 8 s limit; CPython, at some 3 * 10^7 a second, takes half an hour. Right and quick on small
boards: the sample (sides 8, 100 and 10) takes 2.6 * 10^7 scan steps, under a second in CPython."""
import sys

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
UNREACHED = 10 ** 9


def moves(side, start, end):
    squares = side * side
    distance = [UNREACHED] * squares
    finished = [False] * squares
    distance[start[0] * side + start[1]] = 0
    goal = end[0] * side + end[1]
    while True:
        nearest, best = -1, UNREACHED
        for square in range(squares):
            if not finished[square] and distance[square] < best:
                nearest, best = square, distance[square]
        if nearest < 0:
            return -1
        if nearest == goal:
            return best
        finished[nearest] = True
        x, y = divmod(nearest, side)
        for dx, dy in JUMPS:
            u, v = x + dx, y + dy
            if 0 <= u < side and 0 <= v < side and best + 1 < distance[u * side + v]:
                distance[u * side + v] = best + 1


def main():
    tokens = sys.stdin.buffer.read().split()
    count = int(tokens[0])
    answers = []
    for i in range(count):
        side, x0, y0, x1, y1 = map(int, tokens[1 + 5 * i:6 + 5 * i])
        answers.append(moves(side, (x0, y0), (x1, y1)))
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
