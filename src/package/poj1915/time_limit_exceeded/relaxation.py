"""Knight Moves (POJ 1915, Baekjoon 7562), right but slow: instead of a search, it sweeps the
whole board again and again, lowering each square's distance to one more than its lowest
neighbour's, until a sweep changes nothing (Bellman-Ford on the knight's graph). A sweep costs
8 l^2 steps, and a side-300 board needs from 76 sweeps (starting at 0 0, where the sweeps
begin) to 200 (starting at 299 299): 5 to 15 seconds a scenario in CPython, so a few side-300
scenarios are far too long. Right on small boards, such as the sample's."""
import sys

JUMPS = [(1, 2), (2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1), (-2, 1), (-1, 2)]
UNREACHED = 10 ** 9


def moves(side, start, end):
    distance = [[UNREACHED] * side for _ in range(side)]
    distance[start[0]][start[1]] = 0
    changed = True
    while changed:
        changed = False
        for x in range(side):
            for y in range(side):
                best = distance[x][y]
                for dx, dy in JUMPS:
                    u, v = x + dx, y + dy
                    if 0 <= u < side and 0 <= v < side and distance[u][v] + 1 < best:
                        best = distance[u][v] + 1
                if best < distance[x][y]:
                    distance[x][y] = best
                    changed = True
    answer = distance[end[0]][end[1]]
    return answer if answer < UNREACHED else -1


def main():
    tokens = sys.stdin.buffer.read().split()
    count = int(tokens[0])
    answers = []
    for i in range(count):
        side, x0, y0, x1, y1 = map(int, tokens[1 + 5 * i:6 + 5 * i])
        answers.append(moves(side, (x0, y0), (x1, y1)))
    sys.stdout.write("".join(f"{answer}\n" for answer in answers))


main()
