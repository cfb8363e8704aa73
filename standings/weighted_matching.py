"""A maximum weight matching of a graph whose weights are Python integers of
any size, computed exactly, and fast enough for the Dutch pairing
(:mod:`standings.dutch`) to ask for one several times per player per round.
Pure: no I/O, no floats.

This is Edmonds' blossom algorithm in the O(n^3) primal-dual form of Galil
("Efficient Algorithms for Finding Maximum Matching in Graphs", ACM Computing
Surveys, 1986) as Joris van Rantwijk wrote it down and networkx took it over
(``networkx.algorithms.matching.max_weight_matching``, BSD). It exists because
the pairing's weights are integers of several hundred bits (each pairing
criterion a group of binary digits), so no library with machine-sized or
floating weights will do, and networkx's port, built on graph lookups and
dictionaries, spends most of its time in them. Here every quantity lives in a
flat list indexed by vertex, blossom or edge endpoint; the duals are doubled so
that every delta, the half-slacks between S-blossoms included, stays an exact
integer; nothing recurses, so no nesting of blossoms reaches Python's
recursion limit; and no verification pass runs at the end. It takes the same
steps in the same order as networkx does, so where several matchings weigh
the same it returns the one networkx returns for the same edges (of positive
weight) added one by one in the same order.

Inside, an edge ``k`` has the endpoints ``2k`` and ``2k+1`` (``endpoint[p]``
its vertex, ``p ^ 1`` the other end), so that one number names an edge and
its direction: a vertex's mate, the edge a blossom got its label through.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import chain


def max_weight_matching(n: int, edges: Sequence[tuple[int, int, int]]) -> list[int]:
    """The mate of each vertex ``0 .. n-1`` (itself when unmatched) in a
    matching of maximum total weight over ``edges``, ``(a, b, weight)`` with
    ``weight`` a non-negative integer, each pair of vertices at most once.
    Edges of weight 0 never add weight and are left out; the matching is not
    asked to be of maximum cardinality."""
    mates = list(range(n))
    # Only the vertices that some positive edge touches take part; they are
    # renumbered 0 .. nv-1 so that every list below is as short as it can be.
    # They are numbered in the order the edges bring them, and the edges
    # keep theirs: where several matchings weigh the same, the one found is
    # the one networkx finds when given the same edges one by one.
    kept = [edge for edge in edges if edge[2] > 0 and edge[0] != edge[1]]
    if not kept:
        return mates
    index: dict[int, int] = {}
    for a, b, _ in kept:
        if a not in index:
            index[a] = len(index)
        if b not in index:
            index[b] = len(index)
    vertices = list(index)
    endpoint = [index[x] for a, b, _ in kept for x in (a, b)]
    doubled = [2 * weight for _, _, weight in kept]
    mate = _solve(len(vertices), endpoint, doubled)
    for v, p in enumerate(mate):
        if p >= 0:
            mates[vertices[v]] = vertices[endpoint[p]]
    return mates


def _solve(nv: int, endpoint: list[int], doubled: list[int]) -> list[int]:
    """The remote endpoint ``mate[v]`` of each vertex's matched edge (-1 when
    unmatched); ``doubled[k]`` is twice the weight of edge ``k``."""
    nb = 2 * nv
    # adjacent[v]: the remote endpoint of each edge of v, with its vertex
    # and its doubled weight.
    adjacent: list[list[tuple[int, int, int]]] = [[] for _ in range(nv)]
    for k, dw in enumerate(doubled):
        a = endpoint[2 * k]
        b = endpoint[2 * k + 1]
        adjacent[a].append((2 * k + 1, b, dw))
        adjacent[b].append((2 * k, a, dw))
    mate = [-1] * nv
    # Per top-level blossom (vertices are the trivial ones, 0 .. nv-1; the
    # others take numbers nv .. 2nv-1): 0 unlabelled, 1 S, 2 T (5 while a
    # path is traced). A vertex inside a T-blossom has label 2 when reached
    # from outside it.
    label = [0] * nb
    # The remote endpoint of the edge through which the blossom got its
    # label (-1 for a root).
    labelend = [-1] * nb
    inblossom = list(range(nv))
    blossomparent = [-1] * nb
    blossomchilds: list[list[int]] = [[] for _ in range(nb)]
    blossombase = list(range(nv)) + [-1] * nv
    # blossomchilds[b]: its sub-blossoms round the cycle, the base's first;
    # blossomendps[b][i]: the endpoint in child i of the edge to child i+1.
    blossomendps: list[list[int]] = [[] for _ in range(nb)]
    # The least-slack edge to an S-blossom (vertex: from a free or
    # unreached vertex; top-level S-blossom: to another S-blossom), as its
    # endpoint on the side that found it.
    bestedge = [-1] * nb
    # The slack of bestedge when it was chosen, plus the deltas of the stage
    # so far (once for an edge to a free vertex, twice between S-blossoms):
    # the slack now is found from it without touching the edge again. For a
    # vertex inside a T-blossom it is put right when the blossom expands.
    bestkey = [0] * nb
    stagedelta = 0
    # Of a top-level S-blossom: its least-slack edge to each S-blossom
    # around it when it was made (None: to be read from its vertices).
    blossombestedges: list[list[int] | None] = [None] * nb
    unusedblossoms = list(range(nb - 1, nv - 1, -1))
    # The non-trivial top-level and sub-blossoms, oldest first.
    live: list[int] = []
    # The vertex duals, doubled as the weights are (an edge's slack is
    # dualvar[a] + dualvar[b] - 2 * weight), then the blossom duals.
    maxweight = max(doubled) // 2
    dualvar = [maxweight] * nv + [0] * nv
    # Above every key: no vertex dual exceeds twice the largest weight (its
    # matched edge is tight), so no slack four times; the deltas of a stage
    # add up to at most the largest weight (the free vertices' duals start
    # there and end >= 0).
    never = 8 * maxweight + 1
    queue: list[int] = []

    def leaves(b: int) -> list[int]:
        if b < nv:
            return [b]
        found: list[int] = []
        stack = [b]
        while stack:
            t = stack.pop()
            if t < nv:
                found.append(t)
            else:
                stack.extend(blossomchilds[t])
        return found

    def assign_label(w: int, t: int, p: int) -> None:
        while True:
            b = inblossom[w]
            label[w] = label[b] = t
            labelend[w] = labelend[b] = p
            bestedge[w] = bestedge[b] = -1
            bestkey[w] = bestkey[b] = never
            if t == 1:
                if b < nv:
                    queue.append(b)
                else:
                    queue.extend(leaves(b))
                return
            # A T-blossom: its base's mate becomes S.
            p = mate[blossombase[b]]
            w = endpoint[p]
            t = 1
            p ^= 1

    def scan_blossom(v: int, w: int) -> int:
        """The base of the blossom the tight edge v-w closes, or -1 when the
        two S-vertices lie in different trees (an augmenting path)."""
        path: list[int] = []
        base = -1
        while v != -1:
            b = inblossom[v]
            if label[b] & 4:
                base = blossombase[b]
                break
            path.append(b)
            label[b] = 5
            # One step back through b's T-parent to the S-blossom above it.
            p = labelend[b]
            v = -1 if p == -1 else endpoint[labelend[inblossom[endpoint[p]]]]
            if w != -1:
                v, w = w, v
        for b in path:
            label[b] = 1
        return base

    def add_blossom(base: int, q: int) -> None:
        v = endpoint[q]
        w = endpoint[q ^ 1]
        bb = inblossom[base]
        bv = inblossom[v]
        bw = inblossom[w]
        b = unusedblossoms.pop()
        live.append(b)
        blossombase[b] = base
        blossomparent[b] = -1
        blossomparent[bb] = b
        path: list[int] = []
        endps: list[int] = []
        while bv != bb:
            blossomparent[bv] = b
            path.append(bv)
            endps.append(labelend[bv])
            bv = inblossom[endpoint[labelend[bv]]]
        path.append(bb)
        path.reverse()
        endps.reverse()
        endps.append(q)
        while bw != bb:
            blossomparent[bw] = b
            path.append(bw)
            endps.append(labelend[bw] ^ 1)
            bw = inblossom[endpoint[labelend[bw]]]
        blossomchilds[b] = path
        blossomendps[b] = endps
        label[b] = 1
        labelend[b] = labelend[bb]
        dualvar[b] = 0
        for x in leaves(b):
            if label[inblossom[x]] == 2:
                queue.append(x)
            inblossom[x] = b
        # The least-slack edge from the new blossom to each S-blossom.
        bestedgeto: dict[int, int] = {}
        bestslack: dict[int, int] = {}
        for sub in path:
            known = blossombestedges[sub]
            if known is None:
                for x in leaves(sub):
                    dx = dualvar[x]
                    for p, j, dw in adjacent[x]:
                        bj = inblossom[j]
                        if bj != b and label[bj] == 1:
                            s = dx + dualvar[j] - dw
                            old = bestslack.get(bj)
                            if old is None or s < old:
                                bestedgeto[bj] = p ^ 1
                                bestslack[bj] = s
            else:
                for e in known:
                    i = endpoint[e]
                    j = endpoint[e ^ 1]
                    bj = inblossom[j]
                    if bj == b:
                        bj = inblossom[i]
                        if bj == b:
                            continue
                    if label[bj] == 1:
                        s = dualvar[i] + dualvar[j] - doubled[e >> 1]
                        old = bestslack.get(bj)
                        if old is None or s < old:
                            bestedgeto[bj] = e
                            bestslack[bj] = s
            blossombestedges[sub] = None
            bestedge[sub] = -1
            bestkey[sub] = never
        blossombestedges[b] = list(bestedgeto.values())
        best = -1
        bestvalue = never
        for bj, e in bestedgeto.items():
            if bestslack[bj] < bestvalue:
                best = e
                bestvalue = bestslack[bj]
        bestedge[b] = best
        bestkey[b] = bestvalue + 2 * stagedelta if best != -1 else never

    def expand_blossom(top: int, endstage: bool) -> None:
        stack = [top]
        while stack:
            b = stack.pop()
            for s in blossomchilds[b]:
                blossomparent[s] = -1
                if s < nv:
                    inblossom[s] = s
                elif endstage and dualvar[s] == 0:
                    stack.append(s)
                else:
                    for x in leaves(s):
                        inblossom[x] = s
            if not endstage and label[b] == 2:
                for x in leaves(b):
                    e = bestedge[x]
                    if e != -1:
                        bestkey[x] = stagedelta + (
                            dualvar[endpoint[e]] + dualvar[x] - doubled[e >> 1]
                        )
                relabel_expanded(b)
            label[b] = labelend[b] = -1
            blossomchilds[b] = []
            blossomendps[b] = []
            blossombase[b] = -1
            blossombestedges[b] = None
            bestedge[b] = -1
            bestkey[b] = never
            live.remove(b)
            unusedblossoms.append(b)

    def relabel_expanded(b: int) -> None:
        """The T-blossom b expands mid-stage: its children on the even path
        from where it was entered to its base become T and S in turn."""
        childs = blossomchilds[b]
        endps = blossomendps[b]
        entrychild = inblossom[endpoint[labelend[b] ^ 1]]
        j = childs.index(entrychild)
        if j & 1:
            j -= len(childs)
            jstep = 1
            endptrick = 0
        else:
            jstep = -1
            endptrick = 1
        p = labelend[b]
        while j != 0:
            label[endpoint[p ^ 1]] = 0
            label[endpoint[endps[j - endptrick] ^ endptrick ^ 1]] = 0
            assign_label(endpoint[p ^ 1], 2, p)
            j += jstep
            p = endps[j - endptrick] ^ endptrick
            j += jstep
        bv = childs[j]
        label[endpoint[p ^ 1]] = label[bv] = 2
        labelend[endpoint[p ^ 1]] = labelend[bv] = p
        bestedge[bv] = -1
        bestkey[bv] = never
        j += jstep
        while childs[j] != entrychild:
            bv = childs[j]
            if label[bv] == 1:
                j += jstep
                continue
            reached = -1
            for x in leaves(bv):
                if label[x] != 0:
                    reached = x
                    break
            if reached != -1:
                label[reached] = 0
                label[endpoint[mate[blossombase[bv]]]] = 0
                assign_label(reached, 2, labelend[reached])
            j += jstep

    def augment_blossom(top: int, start: int) -> None:
        """Swap matched and unmatched edges on the even path from start to
        the base of blossom top, which then has start as its base."""
        stack = [(top, start)]
        while stack:
            b, v = stack.pop()
            t = v
            while blossomparent[t] != b:
                t = blossomparent[t]
            if t >= nv:
                stack.append((t, v))
            childs = blossomchilds[b]
            endps = blossomendps[b]
            i = j = childs.index(t)
            if i & 1:
                j -= len(childs)
                jstep = 1
                endptrick = 0
            else:
                jstep = -1
                endptrick = 1
            while j != 0:
                j += jstep
                t = childs[j]
                p = endps[j - endptrick] ^ endptrick
                if t >= nv:
                    stack.append((t, endpoint[p]))
                j += jstep
                t = childs[j]
                if t >= nv:
                    stack.append((t, endpoint[p ^ 1]))
                mate[endpoint[p]] = p ^ 1
                mate[endpoint[p ^ 1]] = p
            blossomchilds[b] = childs[i:] + childs[:i]
            blossomendps[b] = endps[i:] + endps[:i]
            blossombase[b] = v

    def augment_matching(k: int) -> None:
        for s, p in ((endpoint[2 * k], 2 * k + 1), (endpoint[2 * k + 1], 2 * k)):
            while True:
                bs = inblossom[s]
                if bs >= nv:
                    augment_blossom(bs, s)
                mate[s] = p
                if labelend[bs] == -1:
                    break
                bt = inblossom[endpoint[labelend[bs]]]
                s = endpoint[labelend[bt]]
                j = endpoint[labelend[bt] ^ 1]
                if bt >= nv:
                    augment_blossom(bt, j)
                mate[j] = labelend[bt]
                p = labelend[bt] ^ 1

    while True:
        # A stage often ends at once: the vertex it scans first, the last
        # free one, has a tight edge to another free vertex and takes the
        # first such. Do that without the stage (and its scan of every
        # free vertex) while no zero-dual blossom would have to be expanded
        # after it.
        while not any(dualvar[b] == 0 and blossomparent[b] == -1 for b in live):
            v = nv - 1
            while v >= 0 and mate[v] != -1:
                v -= 1
            if v < 0 or inblossom[v] != v:
                break
            dv = dualvar[v]
            found = -1
            for p, w, dw in adjacent[v]:
                if dv + dualvar[w] == dw:
                    bw = inblossom[w]
                    if mate[blossombase[bw]] == -1:
                        found = p if bw == w else -1
                        break
            if found == -1:
                break
            mate[v] = found
            mate[endpoint[found]] = found ^ 1
        label[:] = [0] * nb
        bestedge[:] = [-1] * nb
        bestkey[:] = [never] * nb
        stagedelta = 0
        blossombestedges[nv:] = [None] * nv
        queue.clear()
        for v in range(nv):
            if mate[v] == -1 and label[inblossom[v]] == 0:
                assign_label(v, 1, -1)
        augmented = False
        while True:
            while queue and not augmented:
                v = queue.pop()
                bv = inblossom[v]
                dv = dualvar[v]
                # The slack of an edge v-w is dv + t with t = dualvar[w] - dw:
                # one subtraction an edge, the rest compared with t. (networkx
                # also keeps the edges it found tight; with exact integers an
                # edge between two top-level blossoms stays tight as long as it
                # is known to be, so its slack alone decides.)
                floor = -dv
                tofree = dv + stagedelta
                tos = tofree + stagedelta
                bestt = bestkey[bv] - tos
                for p, w, dw in adjacent[v]:
                    bw = inblossom[w]
                    if bv == bw:
                        continue
                    t = dualvar[w] - dw
                    lw = label[bw]
                    if t > floor:
                        if lw == 1:
                            if t < bestt:
                                bestedge[bv] = p ^ 1
                                bestkey[bv] = t + tos
                                bestt = t
                        elif label[w] == 0:
                            if lw == 0:
                                key = t + tofree
                                if key < bestkey[w]:
                                    bestedge[w] = p ^ 1
                                    bestkey[w] = key
                            else:
                                # Inside a T-blossom the slack stays put
                                # until the blossom expands.
                                e = bestedge[w]
                                if e == -1 or t + dv < (
                                    dualvar[endpoint[e]] + dualvar[w] - doubled[e >> 1]
                                ):
                                    bestedge[w] = p ^ 1
                    elif lw == 0:
                        assign_label(w, 2, p ^ 1)
                    elif lw == 1:
                        base = scan_blossom(v, w)
                        if base >= 0:
                            add_blossom(base, p ^ 1)
                            bv = inblossom[v]
                            bestt = bestkey[bv] - tos
                        else:
                            augment_matching(p >> 1)
                            augmented = True
                            break
                    elif label[w] == 0:
                        label[w] = 2
                        labelend[w] = p ^ 1
            if augmented:
                break

            # No augmenting path over the tight edges: move the duals by
            # the least delta that makes a new edge tight, a T-blossom's
            # dual zero, or (delta1) every free vertex's dual zero.
            deltatype = 1
            delta = min(dualvar[:nv])
            deltaedge = -1
            deltablossom = -1
            for v in range(nv):
                if bestedge[v] != -1 and label[inblossom[v]] == 0:
                    d = bestkey[v] - stagedelta
                    if d < delta:
                        delta = d
                        deltatype = 2
                        deltaedge = bestedge[v]
            for b in chain(range(nv), live):
                if bestedge[b] != -1 and blossomparent[b] == -1 and label[b] == 1:
                    d = (bestkey[b] >> 1) - stagedelta
                    if d < delta:
                        delta = d
                        deltatype = 3
                        deltaedge = bestedge[b]
            for b in live:
                if blossomparent[b] == -1 and label[b] == 2 and dualvar[b] < delta:
                    delta = dualvar[b]
                    deltatype = 4
                    deltablossom = b
            for v in range(nv):
                lb = label[inblossom[v]]
                if lb == 1:
                    dualvar[v] -= delta
                elif lb == 2:
                    dualvar[v] += delta
            for b in live:
                if blossomparent[b] == -1:
                    if label[b] == 1:
                        dualvar[b] += delta
                    elif label[b] == 2:
                        dualvar[b] -= delta
            stagedelta += delta
            if deltatype == 1:
                break
            if deltatype == 2 or deltatype == 3:
                # The edge is tight now: scanning its S end again finds it.
                queue.append(endpoint[deltaedge])
            else:
                expand_blossom(deltablossom, False)
        if not augmented:
            break
        for b in list(live):
            if blossomparent[b] == -1 and label[b] == 1 and dualvar[b] == 0:
                expand_blossom(b, True)
    return mate
