# cython: language_level=3, annotation_typing=False, cdivision=True
# cython: boundscheck=False, wraparound=False, initializedcheck=False
"""The compiled search core (Cython pure-Python mode; runs interpreted when not built).

Two engines share this module:

* **classic 9x9**: one bitboard per digit and band. ``F[d][b]`` is a 27-bit word, the
  cells of band ``b`` (three rows of nine) where digit ``d`` may stand. Within a band a
  digit fills one cell of each row and of each box, so the three rows map onto the
  three boxes as a permutation: the rows' box-occupancy (a 9-bit pattern) indexes a
  table of the cells some valid permutation can use (locked candidates both ways and
  hidden singles in boxes). A box whose digit is pinned to one column clears that
  column from the other two bands; a row with one cell left places the digit there.
  Naked singles come from bit-sliced candidate counts per band, and the triad rule
  from bit-sliced counts of the digits possible in, and forced into, each minirow and
  minicolumn (three cells of a line in a box hold exactly three digits). Only the
  words changed since they were last looked at are revisited. The search branches as
  tdoku does: on the band or stack with the fewest row-to-box (column-to-box)
  configurations left over all digits, trying each configuration of one digit there
  (the one with fewest), which makes far fewer branch points than branching on cells.
* **any layout** (sizes 1-16, up to 256 cells): candidate masks per cell, with the
  flat tables of ``yass.engine.compiled.compile_layout`` loaded into arrays: peers, full
  houses, relation arcs, cell masks, and the rules' compiled forms. Propagation places
  naked singles (clearing peers and narrowing related cells through the relation
  tables) and hidden singles in full houses, pointing and claiming between full houses
  that share cells (a digit one house can hold only where it meets another leaves the
  other's remaining cells), keeps the relations arc consistent, and
  revises the forms on the cells changed since they last looked: a digit-set group
  (killer cage, renban line) keeps in each cell the digits of some filling with one of
  its sets (a bipartite matching per set), a linear sum (arrow, little killer, equal-sum
  segments) keeps the digits its bounds allow, then those the sums its prefixes reach
  and its suffixes can still add leave (sets of sums as bit words), and, when small and
  some of its cells see each other, those of some filling that reaches its total; a
  digit every filling of a group or small sum holds leaves the cells that see all its
  places there; a layered automaton (sandwich, X-sum, skyscraper clue) keeps the digits
  on paths from its start to an end, its states paired with the digits used so far
  when the line's cells all differ and the pairs stay few (in the search, that pass
  only at the root, once the rest is at its fixed point: deeper, it cost more time
  than the branches it saved); and a digit a group must
  hold (a quadruple's) goes in its last places; all of it to a fixed point. Branching
  takes the cell with the fewest candidates per conflict weight (dom/wdeg: a cell's
  weight counts the contradictions met on it, on a house, a digit-set group or a sum
  holding it, since the search began), so
  the search turns to where the puzzle is tight; this cut the heavy tail of large random
  grids and of puzzles with few givens and long lines. On a layout whose rules have no
  compiled form (relations only: thermometers, dots) and no cell with two candidates,
  it branches on a digit with two places in a full house instead (the one whose two
  places carry the most conflict weight; also over a cell of two candidates whose
  weight is below theirs). A cage's or a sum's
  revision is remembered by its cells' candidates (a slot per state, the layout's
  stamp), and replayed in the same order when the state comes back. A run that takes more than 2**20
  branches starts again with random choices among equal cells and digits (weights
  kept), each new run allowed twice the branches of the last; as only a run that ends
  is counted, counts stay exact.

Both count solutions up to a limit and keep the first one found, after checking it
against the rules and the givens. Every search can be bounded: at most ``max_nodes``
branches and a ``deadline`` on ``time.monotonic()``; the search's result then says which
bound ended it. Every ``POLL`` branches the search reads the clock and runs Python's
signal handlers, so Ctrl-C raises KeyboardInterrupt from inside the compiled loops within
milliseconds (interpreted, Python runs the handlers itself).

**One engine per process, shared by threads under a lock.** The module-level arrays are
the engine's working state: declared as C arrays in ``_core.pxd`` (interpreted, plain
lists; the code is the same). Every public function takes the module's lock for the
whole of its work and returns everything it found (count, first solution, why it
stopped, branches taken), so nothing is read back from the module after a call, and the
generic engine loads the caller's layout inside the same call when another layout is in
its tables. Threads therefore never see each other's state. A lock rather than an engine
per thread: the compiled search holds the GIL from start to end, so engines per thread
would run no faster, and each would carry the generic engine's tables (about a megabyte);
taking an uncontended lock costs well under a tenth of a microsecond a call.
"""

from __future__ import annotations

from _thread import allocate_lock
from time import monotonic

TYPE_CHECKING = False  # True for type checkers only: ``typing`` is not imported at run time
if TYPE_CHECKING:
    from collections.abc import Sequence

    from yass.core import _cython_shim as cython
    from yass.engine.compiled import CompiledLayout
else:
    try:
        import cython
    except ImportError:  # pragma: no cover - exercised where Cython is absent
        from yass.core import _cython_shim as cython

if cython.compiled:
    from cython.cimports.cpython.exc import PyErr_CheckSignals  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from cython.cimports.cpython.ref import Py_INCREF  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from cython.cimports.cpython.tuple import PyTuple_New, PyTuple_SET_ITEM  # type: ignore[import-untyped,import-not-found,unused-ignore]
    from cython.cimports.posix.strings import ffs  # type: ignore[import-untyped,import-not-found,unused-ignore]
else:

    def ffs(x: int) -> int:
        """One more than the index of the lowest set bit of ``x`` (0 for 0), as C's."""
        return (x & -x).bit_length()

    def PyErr_CheckSignals() -> int:
        """Interpreted, Python runs signal handlers itself between bytecodes."""
        return 0

__all__ = [
    "LOCK",
    "POLL",
    "STOP_GUESSES",
    "STOP_TIME",
    "c9_count_line",
    "c9_propagate",
    "c9_search",
    "c9_solve_line",
    "c9_solve_values",
    "gen_conflict",
    "gen_fits",
    "gen_probe",
    "gen_propagate",
    "gen_search",
    "gen_settle",
    "is_compiled",
    "nodes",
    "restarts",
]

#: Held by every public function for the whole of its work: the module's arrays are one
#: engine's state, and a search reads and writes them from start to end.
LOCK = allocate_lock()

# Sizes of the arrays declared in _core.pxd.
_ST9_SIZE = 5376
_G_MAXCELLS = 256
_G_MAXPEERS = 65536
_G_MAXHOUSES = 1024
_G_MAXHOUSECELLS = 16384
_G_MAXARCS = 16384
_G_MAXTABLES = 2048
_G_MAXGROUPS = 1024  # digit-set groups, and linear sums
_G_MAXFORMCELLS = 8192  # cells of all digit-set groups, and terms of all sums
_G_MAXSETS = 16384
_G_MAXFLIST = 16384
_G_MAXIPAIRS = 2048
_G_MAXIPARTS = 16384
_G_MAXYNEXT = 131072

# A 9x9 search level is a block of 64 words in ST9: words 0-26 are the digit words
# (digit d, band b at 3*d + b; 27 bits each, 0x7FFFFFF is a whole band), 27-29 the
# unsolved cells of each band, 30-32 the sum of each band's digit words when the triad
# rule last ran on it, and 33-59 what the band rules last saw of each digit word (at
# 33 + 3*d + b): its row-to-box pattern (bits 0-8, bit 3r+k: row r meets box k) and its
# columns (bits 9-17). A child copies the first 60 words of its parent.

OTHER1 = [1, 2, 0]
OTHER2 = [2, 0, 1]
# A line's characters: 0 for a blank (. or 0), 1-9 for a digit, 255 for any other.
CHARV = [255] * 128
# The tables and the search state. Compiled, they are C arrays (declared in _core.pxd)
# that start at zero; interpreted, lists of the same sizes.
if not cython.compiled:
    ROWBOX = [0] * 512
    PERM = [0] * 512
    PPAT = [0] * 512  # the row-to-box pattern that PERM leaves
    COLKEEP = [0] * 512
    CLAIM = [0] * 512
    VALID6 = [0] * 512
    SINGLE3 = [0] * 512
    HCONF = [0] * 512
    MR2CELLS = [0] * 512
    NCONF = [0] * 512
    HMASK = [0] * 6
    VKEEP = [0] * 9
    P3 = [0] * 18
    BANDPEERS = [0] * 27
    COLBITS = [0] * 27
    KBAND = [0] * 27  # the band of digit word k
    KOTHER = [0] * 27  # the digit's words in the other bands: k1 | k2 << 5
    ST9 = [0] * 5376
    GIV9 = [0] * 81
    GOWN9 = [0] * 27  # the givens' cells in each digit word (3*d + b)
    SOL9 = [0] * 81
_nsol9 = 0
_limit9 = 1
# The digit words (bit 3*d + b) changed since the band rules last looked at them: every
# change sets its bit (and only a change does), and the band rules look at those only.
_dirty9 = 0
_nodes = 0

#: Branches between two polls (signal handlers and the clock).
POLL = 64
#: Why a search stopped (the third item of its result): it took ``max_nodes`` branches ...
STOP_GUESSES = 1
#: ... or reached its deadline.
STOP_TIME = 2
# The bounds of the current search (the literals in _tick and _poll are POLL and the
# STOP_ codes): branches taken, the most allowed (-1: no bound), the branch count at
# which to poll next, the deadline (0: none), and why the search stopped (0: it did not).
_snodes = 0
_maxnodes = -1
_nextpoll = 0
_deadline = 0.0
_stop = 0
# Restarts of the generic engine (against the heavy tail of a search that went wrong
# early): the branch count at which the current run gives up (-1: never), whether this
# run chooses at random among equal cells and digits, and the random state.
_runcap = -1
_grand = 0
_rng = 20261123
# Branches the generic engine's first run may take before it restarts in a random
# order (``restarts``; -1: never restart).
_restart_first = 1 << 20

OUTBUF = bytearray(257)
if not cython.compiled:  # C arrays at zero when compiled, as above
    POP8 = [0] * 256
    G_PSTART = [0] * 257
    G_PEERS = [0] * 65536
    G_HSTART = [0] * 1025
    G_HCELLS = [0] * 16384
    G_ASTART = [0] * 257
    G_ANB = [0] * 16384
    G_ATAB = [0] * 16384
    G_TABLES = [0] * 32768
    G_TKMAX = [0] * 2048
    G_MASK0 = [0] * 256
    GC = [0] * 65792
    GA = [0] * 65792
    GQ = [0] * 1024
    GGIV = [0] * 256
    GW = [0] * 256  # conflict weight of each cell (dom/wdeg branching)
    GU = [0] * 256  # gen_probe: the union of a cell's trials
    # Pairs of full houses that share two cells or more: for pair k, G_ICELLS holds the
    # shared cells at G_ISTART[3k]:G_ISTART[3k+1], the first house's other cells up to
    # G_ISTART[3k+2], the second's up to G_ISTART[3k+3] (pointing and claiming).
    G_ISTART = [0] * 6145
    G_ICELLS = [0] * 65536
    # For pair k, the pairs whose shared cells make up the first house's other cells at
    # G_IPARTS[G_IPSTART[2k]:G_IPSTART[2k+1]], then the second's (-1: read the cells);
    # the digits of each pair's shared cells (``_g_intersections``).
    G_IPSTART = [0] * 4097
    G_IPARTS = [0] * 16384
    GI_SH = [0] * 2048
    GSOL = [0] * 256
    TOP8 = [0] * 256
    # The compiled forms of the rules (yass.engine.compiled): digit-set groups (cells, allowed digit
    # masks), linear sums (cells, coefficients, total) and digits a group must contain
    # (cells, digit mask, how many times); the forms of each cell; per level
    # the masks the forms last saw (GS); the forms waiting to be revised (GFD, GFQ).
    G_SSTART = [0] * 1025
    G_SCELLS = [0] * 8192
    G_SETSTART = [0] * 1025
    G_SETS = [0] * 16384
    G_LSTART = [0] * 1025
    G_LCELLS = [0] * 8192
    G_LCOEF = [0] * 8192
    G_LTOTAL = [0] * 1024
    G_CSTART = [0] * 1025
    G_CCELLS = [0] * 8192
    G_CDIGIT = [0] * 1024
    G_CCOUNT = [0] * 1024
    G_FSTART = [0] * 257
    G_FLIST = [0] * 16384
    GS = [0] * 65792
    GFD = [0] * 2048
    GFQ = [0] * 2048
    GFQ2 = [0] * 2048  # the sums', contains' and automata's queue (``_g_due``)
    # Exact support of one small form (``_g_enum``): its cells, the positions each must
    # differ from, coefficients; per position the digits left to try, the one tried, the
    # digits some filling uses; the partial sum before each position, the least and
    # greatest sum of the positions from each on. Matching a digit-set group (``_g_match``):
    # the cell holding each digit, the digit of each cell, the cell a digit was reached
    # from, the cells to visit, the candidates within the set, the cells each reaches.
    G_LAPART = [0] * 8192
    GD_CELL = [0] * 16
    GD_APART = [0] * 16
    GD_COEF = [0] * 16
    GD_REST = [0] * 16
    GD_V = [0] * 16
    GD_SUP = [0] * 16
    GD_FRESH = [0] * 16
    GD_USED = [0] * 16
    # ``_g_enum``'s order of the terms (fewest candidates first), their candidate counts,
    # and the caller's cells, coefficients, apart masks and supports kept meanwhile.
    GO_ORD = [0] * 16
    GO_POP = [0] * 16
    GO_CELL = [0] * 16
    GO_COEF = [0] * 16
    GO_APART = [0] * 16
    GO_SUP = [0] * 16
    GD_ACC = [0] * 17
    GD_SMIN = [0] * 17
    GD_SMAX = [0] * 17
    GM_OWNER = [0] * 16
    GM_MATCH = [0] * 16
    GM_PREV = [0] * 16
    GM_QUEUE = [0] * 17
    GM_CAND = [0] * 16
    GM_REACH = [0] * 16
    # Each cell's peers as 4 words of 64 bits (cell 64w + b is bit b of word w), and
    # the cells that see every place of a required digit (``_g_point``).
    G_PBITS = [0] * 1024
    GP_SEEN = [0] * 4
    # Layered automata along lines (sandwich, X-sum, skyscraper): their cells, where
    # each position's states start (n + 2 entries an automaton of n cells, so at
    # G_YSTART[g] + 2g), the next state of each state and digit (0xFFFF: refused), the
    # digits with a next state of each state (a mask), and a mark per state (reached
    # going forward, then alive going back).
    G_YSTART = [0] * 1025
    G_YCELLS = [0] * 8192
    G_YLAYER = [0] * 10240
    G_YNEXT = [0] * 131072
    G_YOK = [0] * 65536
    GY_MARK = [0] * 65536
    # Whether an automaton's line holds different digits (then ``_g_layered_distinct``
    # pairs its states with the digits used: the pairs' states, digits, liveness and
    # where each position's pairs start, found through a hash table of stamped slots).
    G_YDISTINCT = [0] * 1024
    # Sets of sums as 256-bit words (4 of 64 bits) per term of a sum (``_g_reach``):
    # reached going forward, alive going back, and a scratch word.
    GB = [0] * 68
    GBB = [0] * 68
    GBT = [0] * 4
    # The memory of form revisions (``_ge_find``): per slot the stamp of the layout it
    # belongs to, the form, its cells' candidates before, after and between its two
    # narrowings (a sum narrows by the sums reached, then by its fillings), the digits
    # every filling holds, and the outcome (-1: no filling, else 0).
    GE_STAMP = [0] * 4096
    GE_FORM = [0] * 4096
    GE_IN = [0] * 65536
    GE_OUT = [0] * 65536
    GE_MID = [0] * 65536
    GE_NEED = [0] * 4096
    GE_RES = [0] * 4096
    GY_GIVEUP = [0] * 1024  # per automaton: the candidates at which the exact pass gave up
    GY_PEND = [0] * 1024  # per automaton: its exact pass is due (the search's deferred mode)
    GY_PLIST = [0] * 1024  # the automata whose exact pass is due
    GP_STATE = [0] * 4096
    GP_USED = [0] * 4096
    GP_ALIVE = [0] * 4096
    GP_LSTART = [0] * 18
    GH_STAMP = [0] * 8192
    GH_KEY = [0] * 8192
    GH_PAIR = [0] * 8192
# Word masks as typed module constants: a literal this large is a Python int to Cython,
# and ``x & 0xFFFFFFFFFFFFFFFF`` in a hot loop would run as Python arithmetic. Compiled,
# the masks change nothing (the words are that wide); interpreted, they keep the words so.
_M64 = 0xFFFFFFFFFFFFFFFF
_M32 = 0xFFFFFFFF
_GOLDEN = 2654435761
_gn = 0
_gnwords = 0
_gnconts = 0
_ghgen = 0
_gegen = 1  # the stamp of the layout's entries in the memory of form revisions
_gneed = 0  # the digits every filling of the last enumerated sum uses
_gncells = 0
_gnarcs = 0
_gloads = 0
_gnhouses = 0
_gall = 0
_gqn = 0
_gnipairs = 0
_gniparts = 0  # entries of G_IPARTS (0: the pairs' other cells are read cell by cell)
_gnsol = 0
_glimit = 1
_gnsets = 0
_gnforms = 0
_gnsums = 0
_gfqn = 0
_gfqn2 = 0
_gypn = 0  # automata in GY_PLIST
# 1 while gen_search runs: the exact pass of a line whose digits differ runs only at the
# root, and only once the cheaper revisions have reached their fixed point (0: at once,
# at every level, as the logic's settle and probe want it).
_gydefer = 0
_gsplit = 0  # the place and digit _g_house_split found
_gsbit = 0
_gsw = 0  # the conflict weight of its two places
# The compiled layout in the generic engine's tables (None: none, or a load that failed).
_gspec: object = None

_DIGITS = "123456789ABCDEFG"
_INTS = tuple(range(10))  # the digits as Python ints, for the solution tuples


def is_compiled() -> bool:
    """True when this module is the compiled extension, False when interpreted."""
    return bool(cython.compiled)


def nodes() -> int:
    """Branches tried by all searches since the module was loaded (a statistic)."""
    return _nodes


@cython.locals(first=cython.longlong)
def restarts(first: int) -> int:
    """Let the generic engine's first run take ``first`` branches before it restarts in
    a random order (-1: never restart, to measure what restarts gain); the old value.
    A setting of the process's engine (for benchmarks and tests), not of one call."""
    global _restart_first
    with LOCK:
        old = _restart_first
        _restart_first = first
    return old


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(max_nodes=cython.longlong, deadline=cython.double)
@cython.returns(cython.void)
def _bounds(max_nodes: int, deadline: float) -> None:
    """Set the bounds of the next search (-1 and 0.0: none); the first branch polls."""
    global _snodes, _maxnodes, _nextpoll, _deadline, _stop, _runcap, _grand
    _snodes = 0
    _maxnodes = max_nodes
    _nextpoll = 0
    _deadline = deadline
    _stop = 0
    _runcap = -1
    _grand = 0


@cython.cfunc
@cython.exceptval(-1, check=False)
@cython.returns(cython.int)
def _poll() -> int:
    """Run pending signal handlers (one that raises ends the search with its exception)
    and check the bounds; 1 when the search must stop (``_stop`` says why)."""
    global _nextpoll, _stop
    PyErr_CheckSignals()
    if _maxnodes >= 0 and _snodes >= _maxnodes:
        _stop = 1
        return 1
    if _deadline > 0.0 and monotonic() >= _deadline:
        _stop = 2
        return 1
    if 0 <= _runcap <= _snodes:
        _stop = 3  # this run's share is spent: gen_search restarts
        return 1
    _nextpoll = _snodes + 64
    if 0 <= _maxnodes < _nextpoll:
        _nextpoll = _maxnodes
    if 0 <= _runcap < _nextpoll:
        _nextpoll = _runcap
    return 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.returns(cython.uint)
def _rand() -> int:
    """The next pseudo-random number, 0 to 32767 (the classic 31-bit LCG's high bits;
    compiled and interpreted give the same sequence)."""
    global _rng
    _rng = (_rng * 1103515245 + 12345) & 0x7FFFFFFF
    return _rng >> 16


@cython.cfunc
@cython.inline
@cython.exceptval(-1, check=False)
@cython.returns(cython.int)
def _tick() -> int:
    """Count a branch before it is taken; 1: stop the search instead (see ``_poll``)."""
    global _nodes, _snodes
    if _snodes >= _nextpoll and _poll():
        return 1
    _snodes += 1
    _nodes += 1
    return 0


@cython.locals(i=cython.int, j=cython.int, k=cython.int, x=cython.uint, m=cython.uint,
               r=cython.int, c=cython.int, p0=cython.int, p1=cython.int, p2=cython.int)
def _init_tables() -> None:
    for i in range(512):
        m = 0
        if i & 0o7:
            m |= 1
        if i & 0o70:
            m |= 2
        if i & 0o700:
            m |= 4
        ROWBOX[i] = m
    perms = ((0, 1, 2), (0, 2, 1), (1, 0, 2), (1, 2, 0), (2, 0, 1), (2, 1, 0))
    for i in range(512):
        m = 0
        x = 0
        for k in range(6):
            p0, p1, p2 = perms[k]
            if i >> p0 & 1 and i >> (3 + p1) & 1 and i >> (6 + p2) & 1:
                m |= (7 << (3 * p0)) | (7 << (9 + 3 * p1)) | (7 << (18 + 3 * p2))
                x |= 1 << k
        PERM[i] = m
        PPAT[i] = ROWBOX[m & 0x1FF] | (ROWBOX[(m >> 9) & 0x1FF] << 3) | (ROWBOX[m >> 18] << 6)
        VALID6[i] = x
        NCONF[i] = bin(x).count("1")
    for k in range(6):
        p0, p1, p2 = perms[k]
        HMASK[k] = (7 << (3 * p0)) | (7 << (9 + 3 * p1)) | (7 << (18 + 3 * p2))
        P3[3 * k] = p0
        P3[3 * k + 1] = p1
        P3[3 * k + 2] = p2
    for i in range(512):
        m = 0
        x = 0
        for k in range(3):
            j = (i >> (3 * k)) & 7
            if j and not j & (j - 1):
                m |= j << (3 * k)
        SINGLE3[i] = m
        for j in range(27):
            r, c = divmod(j, 9)
            k = c // 3
            # a cell stays if its own minirow is set, or neither its row nor its box is
            if i >> (3 * r + k) & 1 or (not (i >> (3 * r)) & 7 and not i & (0o111 << k)):
                x |= 1 << j
        HCONF[i] = x
        m = 0
        for j in range(9):
            if i >> j & 1:
                m |= 7 << (3 * j)
        MR2CELLS[i] = m
    for i in range(9):
        m = 0o7007007 << (3 * (i // 3))  # the three columns of i's stack, in a band
        VKEEP[i] = (0x7FFFFFF & ~m) | ((1 << i) | (1 << (i + 9)) | (1 << (i + 18)))
    for i in range(512):
        m = 0x7FFFFFF
        for k in range(3):
            x = (i >> (3 * k)) & 7
            if x and not x & (x - 1):
                for c in range(3):
                    if x >> c & 1:
                        j = 3 * k + c
                        m &= ~((1 << j) | (1 << (j + 9)) | (1 << (j + 18)))
        COLKEEP[i] = m
    for i in range(512):
        m = 0
        for k in range(3):
            x = (i >> (3 * k)) & 7
            if x == 0:
                x = 7
            m |= x << (3 * k)
        CLAIM[i] = m | (m << 9) | (m << 18)
    for i in range(27):
        KBAND[i] = i % 3
        KOTHER[i] = (i - i % 3 + OTHER1[i % 3]) | (i - i % 3 + OTHER2[i % 3]) << 5
        r, c = divmod(i, 9)
        m = 0
        for j in range(27):
            if j != i and (j // 9 == r or (j % 9) // 3 == c // 3):
                m |= 1 << j
        BANDPEERS[i] = m
        COLBITS[i] = (1 << c) | (1 << (c + 9)) | (1 << (c + 18))
    for i in range(10):
        CHARV[48 + i] = i
    CHARV[46] = 0
    for i in range(256):
        POP8[i] = bin(i).count("1")
        TOP8[i] = i.bit_length() - 1 if i else 0


_init_tables()


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(x=cython.uint, n=cython.int)
@cython.returns(cython.int)
def _ctz(x: int) -> int:
    """Index of the lowest set bit of a non-zero 32-bit word (one instruction, compiled)."""
    n: int = ffs(x)
    return n - 1


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(x=cython.ulonglong, low=cython.uint, n=cython.int)
@cython.returns(cython.int)
def _ctz64(x: int) -> int:
    """Index of the lowest set bit of a non-zero 64-bit word."""
    low = x & _M32
    n: int = ffs(low) if low else ffs(x >> 32) + 32
    return n - 1


# == classic 9x9 ======================================================================


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, b=cython.int, p=cython.int, d=cython.int, e=cython.int,
               i=cython.int, bit=cython.uint, col=cython.uint, x=cython.uint, w=cython.uint,
               own=cython.uint)
@cython.returns(cython.void)
def _c9_place(base: int, b: int, p: int, d: int) -> None:
    """Place digit ``d`` (0-based) at position ``p`` of band ``b`` in the state at ``base``."""
    global _dirty9
    bit = 1 << p
    i = base + d * 3
    x = ST9[i + b]
    own = x & ~BANDPEERS[p]
    w = (own != x) << (3 * d + b)  # mark only the words that change
    col = COLBITS[p]
    x = ST9[i + OTHER1[b]]
    ST9[i + OTHER1[b]] = x & ~col
    w |= ((x & col) != 0) << (3 * d + OTHER1[b])
    x = ST9[i + OTHER2[b]]
    ST9[i + OTHER2[b]] = x & ~col
    w |= ((x & col) != 0) << (3 * d + OTHER2[b])
    for e in range(9):
        if e != d:
            x = ST9[base + e * 3 + b]
            ST9[base + e * 3 + b] = x & ~bit
            w |= ((x >> p) & 1) << (e * 3 + b)
    ST9[i + b] = own  # the digit keeps its own cell
    ST9[base + 27 + b] &= ~bit
    _dirty9 |= w


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, b=cython.int, d=cython.int, i=cython.int, j=cython.int,
               changed=cython.int, f=cython.uint, nf=cython.uint, x=cython.uint,
               c=cython.uint, y=cython.uint, z=cython.uint,
               a1=cython.uint, a2=cython.uint, a3=cython.uint, a4=cython.uint,
               g1=cython.uint, g2=cython.uint, g3=cython.uint, g4=cython.uint,
               h3=cython.uint, k3=cython.uint)
@cython.returns(cython.int)
def _c9_triads(base: int) -> int:
    """The triad rule in each band: -1 on a contradiction, 1 when it removed candidates.

    A minirow (three cells of a row in one box) and a minicolumn (three cells of a
    column in one box) hold three different digits. Per band, bit-sliced counters over
    the nine digits count, for each of the nine minirows and nine minicolumns, the
    digits that may stand there and the digits forced there (a digit whose row, or
    column, meets that box only there). Fewer than three possible or more than three
    forced is a contradiction; exactly three possible confines those digits to the
    triad (out of the rest of its row or column and of its box); exactly three forced
    excludes every other digit from it. The run assumes the band rules reached their
    fixed point (so "forced in the row" and "forced in the box" agree, and the patterns
    and columns they stored are those of the words), skips a band that is solved or has
    not changed since its last run, and stops after the first band that changed.
    """
    global _dirty9
    changed = 0
    for b in range(3):
        if ST9[base + 27 + b] == 0:
            continue  # a solved band
        # Candidates only ever go, so the sum of the band's words tells whether it
        # changed since its last check (word 30 + b of the level).
        y = 0
        for d in range(9):
            y += ST9[base + d * 3 + b]
        if y == ST9[base + 30 + b]:
            continue
        ST9[base + 30 + b] = y
        # Bits 0-8 count minirows, bits 9-17 minicolumns (the stored patterns and columns
        # of the words): digits possible once, twice, three, four or more times (a1-a4),
        # and digits forced (g1-g4).
        a1 = a2 = a3 = a4 = 0
        g1 = g2 = g3 = g4 = 0
        for d in range(9):
            x = ST9[base + 33 + d * 3 + b]
            a4 |= a3 & x
            a3 |= a2 & x
            a2 |= a1 & x
            a1 |= x
            y = SINGLE3[x & 0x1FF] | (SINGLE3[x >> 9] << 9)
            g4 |= g3 & y
            g3 |= g2 & y
            g2 |= g1 & y
            g1 |= y
        if a3 != 0x3FFFF or g4:
            return -1
        # Exactly three possible and three forced: the same three, nothing to do.
        a3 &= ~a4
        y = a3 & g3
        a3 ^= y
        g3 ^= y
        if (a3 | g3) == 0:
            continue
        h3 = a3 >> 9
        a3 &= 0x1FF
        k3 = g3 >> 9
        g3 &= 0x1FF
        for d in range(9):
            i = base + d * 3 + b
            f = ST9[i]
            nf = f
            c = ST9[i + 33]
            x = c & 0x1FF
            c >>= 9
            y = x & a3
            if y:
                nf &= HCONF[y]
            y = g3 & x & ~SINGLE3[x]
            if y:
                nf &= ~MR2CELLS[y]
            y = c & h3
            if y:
                nf &= CLAIM[y]
                z = y | (y << 9) | (y << 18)
                j = base + d * 3 + OTHER1[b]
                if ST9[j] & z:
                    ST9[j] &= ~z
                    changed = 1
                    _dirty9 |= 1 << (j - base)
                j = base + d * 3 + OTHER2[b]
                if ST9[j] & z:
                    ST9[j] &= ~z
                    changed = 1
                    _dirty9 |= 1 << (j - base)
            y = k3 & c & ~SINGLE3[c]
            if y:
                nf &= ~(y | (y << 9) | (y << 18))
            if nf != f:
                ST9[i] = nf
                changed = 1
                _dirty9 |= 1 << (i - base)
        if changed:
            # The band rules look at the changes first (the patterns and columns the
            # next bands would read may be out of date).
            return 1
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, i=cython.int, j=cython.int, d=cython.int, b=cython.int,
               e=cython.int, p=cython.int, f=cython.uint, s=cython.uint, keep=cython.uint,
               r0=cython.uint, r1=cython.uint, r2=cython.uint, single=cython.uint,
               dirty=cython.uint, k=cython.int, touched=cython.uint, found=cython.bint,
               u=cython.uint, one=cython.uint, two=cython.uint, x=cython.uint,
               sing=cython.uint, bit=cython.uint,
               c0=cython.uint, c1=cython.uint, c2=cython.uint, n=cython.int)
@cython.returns(cython.bint)
def _c9_propagate(base: int) -> bool:
    """Run the band rules, singles and triads to a fixed point; False on a contradiction."""
    global _dirty9
    touched = 0  # the words changed since the singles and columns last looked
    dirty = _dirty9  # the words to revisit, lowest first (one queue: no stale visits)
    _dirty9 = 0
    while True:
        while dirty:
            k = _ctz(dirty)
            dirty &= dirty - 1
            i = base + k
            f = ST9[i]
            b = KBAND[k]
            touched |= 1 << k
            s = ROWBOX[f & 0x1FF] | (ROWBOX[(f >> 9) & 0x1FF] << 3) | (ROWBOX[f >> 18] << 6)
            f &= PERM[s]
            if f == 0:
                return False
            ST9[i] = f
            c0 = (f | (f >> 9) | (f >> 18)) & 0x1FF
            ST9[i + 33] = (c0 << 9) | (s & PPAT[s])
            keep = COLKEEP[c0]
            j = KOTHER[k]  # the digit's words in the other two bands
            e = j & 31
            x = ST9[base + e]
            if x & ~keep:
                ST9[base + e] = x & keep
                dirty |= 1 << e
            e = j >> 5
            x = ST9[base + e]
            if x & ~keep:
                ST9[base + e] = x & keep
                dirty |= 1 << e
            r0 = f & 0x1FF
            r1 = (f >> 9) & 0x1FF
            r2 = f >> 18
            single = 0
            if (r0 & (r0 - 1)) == 0:
                single = r0
            if (r1 & (r1 - 1)) == 0:
                single |= r1 << 9
            if (r2 & (r2 - 1)) == 0:
                single |= r2 << 18
            single &= ST9[base + 27 + b]
            if single:
                ST9[base + 27 + b] &= ~single
                j = base + b
                keep = 0  # the band's words that lose a cell (bit 3*e)
                for e in range(9):
                    x = ST9[j + e * 3]
                    ST9[j + e * 3] = x & ~single
                    keep |= (((x & single) + 0x7FFFFFF) >> 27) << (e * 3)
                ST9[i] = f  # digit d keeps its cells
                dirty |= (keep << b) & ~(1 << k)
        found = False
        for b in range(3):
            u = ST9[base + 27 + b]
            if u == 0 or not touched & (0o111111111 << b):
                continue
            one = 0
            two = 0
            for d in range(9):
                x = ST9[base + d * 3 + b]
                two |= one & x
                one |= x
            if u & ~one:
                return False
            sing = u & ~two
            while sing:
                bit = sing & -sing
                sing ^= bit
                p = _ctz(bit)
                for d in range(9):
                    if ST9[base + d * 3 + b] & bit:
                        break
                else:
                    return False
                _c9_place(base, b, p, d)
                found = True
        if found:
            dirty = _dirty9
            _dirty9 = 0
            continue
        # Columns: a digit's column holds it in exactly one band. A column where only one
        # band can hold the digit confines the digit of that band's box to the column.
        for d in range(9):
            if not touched & (7 << (3 * d)):
                continue
            j = base + d * 3
            c0 = ST9[j + 33] >> 9
            c1 = ST9[j + 34] >> 9
            c2 = ST9[j + 35] >> 9
            if (c0 | c1 | c2) != 0x1FF:
                return False
            x = c0 & ~(c1 | c2)
            if x and (ST9[j] & CLAIM[x]) != ST9[j]:
                ST9[j] &= CLAIM[x]
                dirty |= 1 << (3 * d + 0)
            x = c1 & ~(c0 | c2)
            if x and (ST9[j + 1] & CLAIM[x]) != ST9[j + 1]:
                ST9[j + 1] &= CLAIM[x]
                dirty |= 1 << (3 * d + 1)
            x = c2 & ~(c0 | c1)
            if x and (ST9[j + 2] & CLAIM[x]) != ST9[j + 2]:
                ST9[j + 2] &= CLAIM[x]
                dirty |= 1 << (3 * d + 2)
        touched = 0
        if dirty:
            continue
        n = _c9_triads(base)
        if n <= 0:
            return n == 0
        dirty = _dirty9
        _dirty9 = 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, d=cython.int, b=cython.int, j=cython.int,
               f=cython.uint, bit=cython.uint, r0=cython.uint, r1=cython.uint,
               r2=cython.uint, cols=cython.uint, every=cython.uint, fold=cython.uint)
@cython.returns(cython.bint)
def _c9_record(base: int) -> bool:
    """Check the solved state at ``base`` against the rules and the givens; keep the first.

    Word by word: each digit has one cell in each row of each band, one in each box (its
    rows meet the three boxes), and one in each column (the bands' columns are disjoint
    and cover all nine); the 27 words of a band are disjoint and cover it; every given
    stands in its digit's word.
    """
    for b in range(3):
        every = 0
        for d in range(9):
            f = ST9[base + d * 3 + b]
            if every & f:
                return False
            every |= f
            r0 = f & 0x1FF
            r1 = (f >> 9) & 0x1FF
            r2 = f >> 18
            if (r0 == 0 or r0 & (r0 - 1) or r1 == 0 or r1 & (r1 - 1) or r2 == 0
                    or r2 & (r2 - 1) or ROWBOX[r0] | ROWBOX[r1] | ROWBOX[r2] != 7):
                return False
        if every != 0x7FFFFFF:
            return False
    for d in range(9):
        j = base + d * 3
        cols = 0
        for b in range(3):
            f = ST9[j + b]
            fold = (f | (f >> 9) | (f >> 18)) & 0x1FF
            if cols & fold:
                return False
            cols |= fold
    for j in range(27):
        if ST9[base + j] & GOWN9[j] != GOWN9[j]:
            return False
    if _nsol9 == 0:
        for d in range(9):
            for b in range(3):
                f = ST9[base + d * 3 + b]
                while f:
                    bit = f & -f
                    f ^= bit
                    SOL9[b * 27 + _ctz(bit)] = d + 1
    return True


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(base=cython.int, d=cython.int, which=cython.int, f=cython.int,
               s=cython.int, c0=cython.uint, c1=cython.uint, c2=cython.uint)
@cython.returns(cython.uint)
def _c9_pattern(base: int, d: int, which: int) -> int:
    """Where digit ``d`` can go in band ``which`` (0-2: bit 3r+k, row r in box k) or
    stack ``which - 3`` (3-5: bit 3b+c, the stack's column c in band b), from what the
    band rules stored at their fixed point."""
    if which < 3:
        return ST9[base + 33 + d * 3 + which] & 0x1FF
    s = 9 + 3 * (which - 3)
    f = base + 33 + d * 3
    c0 = (ST9[f] >> s) & 7
    c1 = (ST9[f + 1] >> s) & 7
    c2 = (ST9[f + 2] >> s) & 7
    return c0 | (c1 << 3) | (c2 << 6)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, d=cython.int, j=cython.int, f0=cython.uint, f1=cython.uint,
               f2=cython.uint, c0=cython.uint, c1=cython.uint, c2=cython.uint, k=cython.int,
               t=cython.int, best=cython.int, bestn=cython.int,
               tot=cython.int[6])
@cython.returns(cython.int)
def _c9_choose(base: int) -> int:
    """The band or stack, and the digit, to branch on: ``6 * digit + which`` (0-2 the
    bands, 3-5 the stacks), or -1 when every digit's configuration is fixed everywhere.

    A digit's configuration in a band is the permutation that maps the band's three rows
    onto its three boxes (in a stack, the columns onto the boxes); ``NCONF`` counts the
    permutations its candidates still allow. The search takes the band or stack with
    the fewest configurations over all digits that is not fixed yet, and in it the
    first digit with two configurations (else three, and so on)."""
    tot = [0, 0, 0, 0, 0, 0]
    for d in range(9):
        j = base + 33 + d * 3
        f0 = ST9[j]
        f1 = ST9[j + 1]
        f2 = ST9[j + 2]
        tot[0] += NCONF[f0 & 0x1FF]
        tot[1] += NCONF[f1 & 0x1FF]
        tot[2] += NCONF[f2 & 0x1FF]
        c0 = f0 >> 9
        c1 = f1 >> 9
        c2 = f2 >> 9
        tot[3] += NCONF[(c0 & 7) | ((c1 & 7) << 3) | ((c2 & 7) << 6)]
        tot[4] += NCONF[((c0 >> 3) & 7) | (c1 & 0o70) | ((c2 & 0o70) << 3)]
        tot[5] += NCONF[(c0 >> 6) | ((c1 >> 3) & 0o70) | (c2 & 0o700)]
    best = -1
    bestn = 1000
    for k in range(6):
        if 9 < tot[k] < bestn:
            best = k
            bestn = tot[k]
    if best < 0:
        return -1
    bestn = 7
    t = -1
    for d in range(9):
        k = NCONF[_c9_pattern(base, d, best)]
        if 1 < k < bestn:
            bestn = k
            t = d
            if k == 2:
                break
    return 6 * t + best


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(base=cython.int, d=cython.int, which=cython.int, k=cython.int,
               s=cython.int, j=cython.int, f=cython.uint, m=cython.uint)
@cython.returns(cython.void)
def _c9_configure(base: int, d: int, which: int, k: int) -> None:
    """Give digit ``d`` configuration ``k`` (one of the six permutations) in band or
    stack ``which`` (see ``_c9_pattern``) in the state at ``base``."""
    global _dirty9
    j = base + d * 3
    if which < 3:
        f = ST9[j + which]
        ST9[j + which] = f & HMASK[k]
        _dirty9 |= ((f & ~HMASK[k]) != 0) << (3 * d + which)
    else:
        s = 3 * (which - 3)
        m = VKEEP[s + P3[3 * k]]
        f = ST9[j]
        ST9[j] = f & m
        _dirty9 |= ((f & ~m) != 0) << (3 * d)
        m = VKEEP[s + P3[3 * k + 1]]
        f = ST9[j + 1]
        ST9[j + 1] = f & m
        _dirty9 |= ((f & ~m) != 0) << (3 * d + 1)
        m = VKEEP[s + P3[3 * k + 2]]
        f = ST9[j + 2]
        ST9[j + 2] = f & m
        _dirty9 |= ((f & ~m) != 0) << (3 * d + 2)


@cython.cfunc
@cython.exceptval(-1, check=False)
@cython.locals(lvl=cython.int, base=cython.int, nb=cython.int, b=cython.int, cb=cython.int,
               d=cython.int, j=cython.int, p=cython.int, n=cython.int, best=cython.int,
               u=cython.uint, one=cython.uint, two=cython.uint, three=cython.uint,
               x=cython.uint, bit=cython.uint, dm=cython.uint, w=cython.uint,
               pick=cython.int, which=cython.int, ks=cython.uint, k=cython.int)
@cython.returns(cython.int)
def _c9_search(lvl: int) -> int:
    """Depth-first search from the state of level ``lvl``; counts into ``_nsol9``.

    Branches on a digit's configuration in a band or stack (``_c9_choose``), one child
    for each configuration its candidates allow. 1 when the whole search must end (the
    limit, or a bound: ``_stop``), else 0.
    """
    global _nsol9
    base = lvl * 64
    nb = base + 64
    while True:
        if not _c9_propagate(base):
            return 0
        if (ST9[base + 27] | ST9[base + 27 + 1] | ST9[base + 27 + 2]) == 0:
            if _c9_record(base):
                _nsol9 += 1
            return 0
        pick = _c9_choose(base)
        if pick >= 0:
            d = pick // 6
            which = pick - 6 * d
            ks = VALID6[_c9_pattern(base, d, which)]
            while ks & (ks - 1):
                k = _ctz(ks)
                ks &= ks - 1
                if _tick():
                    return 1
                for j in range(60):
                    ST9[nb + j] = ST9[base + j]
                _c9_configure(nb, d, which, k)
                if _c9_search(lvl + 1) or _nsol9 >= _limit9:
                    return 1
            if _tick():
                return 1
            _c9_configure(base, d, which, _ctz(ks))
            continue
        # Every configuration is fixed but a cell is open (the rules above leave no such
        # state, but a cell branch is always sound): the cell with the fewest digits.
        cb = -1
        bit = 0
        best = 10
        for b in range(3):
            u = ST9[base + 27 + b]
            while u:
                x = u & -u
                u ^= x
                n = 0
                for d in range(9):
                    if ST9[base + d * 3 + b] & x:
                        n += 1
                if n < best:
                    best = n
                    cb = b
                    bit = x
        dm = 0
        for d in range(9):
            if ST9[base + d * 3 + cb] & bit:
                dm |= 1 << d
        if dm == 0:
            return 0
        p = _ctz(bit)
        while dm & (dm - 1):
            d = _ctz(dm)
            dm &= dm - 1
            if _tick():
                return 1
            for j in range(60):
                ST9[nb + j] = ST9[base + j]
            _c9_place(nb, cb, p, d)
            if _c9_search(lvl + 1) or _nsol9 >= _limit9:
                return 1
        w = dm
        d = _ctz(w)
        if _tick():
            return 1
        _c9_place(base, cb, p, d)


@cython.cfunc
@cython.exceptval(-1, check=False)
@cython.locals(limit=cython.int)
@cython.returns(cython.int)
def _c9_run(limit: int) -> int:
    """Solve the givens in GIV9, counting up to ``limit`` solutions (first kept in SOL9)."""
    global _nsol9, _limit9
    _nsol9 = 0
    _limit9 = limit
    if not _c9_load():
        return 0
    _c9_search(0)
    return _nsol9


@cython.cfunc
@cython.exceptval(-1, check=False)
@cython.locals(cell=cython.int, b=cython.int, p=cython.int, d=cython.int,
               j=cython.int, f=cython.uint, occ=cython.uint[3], own=cython.uint[30],
               peers=cython.uint[30], cols=cython.uint[30])
@cython.returns(cython.int)
def _c9_load() -> int:
    """Put the givens in GIV9 into the state of level 0: 0 when two of them clash.

    The givens go in all at once: a digit's word in a band keeps the cells of no other
    given and of none of its own givens' peers (their rows and boxes in the band, their
    columns in the other bands). Givens that clash clear each other's cell.
    """
    global _dirty9
    # Per band, the cells of the givens; per digit word (at 3 + 3*d + b, with 0-2 for the
    # blanks, so that the loop does not branch): the cells of the digit's givens, their
    # rows and boxes in that band, their columns.
    occ = [0, 0, 0]
    own = [0] * 30
    peers = [0] * 30
    cols = [0] * 30
    cell = 0
    for b in range(3):
        for p in range(27):
            d = GIV9[cell]
            cell += 1
            j = 3 * d + b
            own[j] |= 1 << p
            peers[j] |= BANDPEERS[p]
            cols[j] |= COLBITS[p]
        occ[b] = 0x7FFFFFF & ~own[b]
    for d in range(9):
        for b in range(3):
            j = 3 * d + 3 + b
            f = 0x7FFFFFF & ~(occ[b] & ~own[j]) & ~peers[j]
            f &= ~(cols[3 * d + 3 + OTHER1[b]] | cols[3 * d + 3 + OTHER2[b]])
            if (f & own[j]) != own[j]:
                return 0
            ST9[j - 3] = f
            GOWN9[j - 3] = own[j]
    for b in range(3):
        ST9[27 + b] = 0x7FFFFFF & ~occ[b]
        ST9[30 + b] = 0
    _dirty9 = 0x7FFFFFF
    return 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(line=str, i=cython.Py_ssize_t, ch=cython.Py_UCS4, v=cython.uint,
               bad=cython.uint)
@cython.returns(cython.bint)
def _c9_parse(line: str) -> bool:
    """Read an 81-character line into GIV9; False if it is not one (a table, no branches
    on the characters)."""
    if len(line) != 81:
        return False
    bad = 0
    for i, ch in enumerate(line):
        v = ord(ch)
        if v >= 128:
            return False
        v = CHARV[v]
        bad |= v
        GIV9[i] = v & 15
    return bad < 16


@cython.cfunc
@cython.locals(i=cython.int)
def _c9_solution_line() -> str:
    for i in range(81):
        OUTBUF[i] = SOL9[i] + 48
    return OUTBUF[:81].decode("ascii")


@cython.cfunc
@cython.locals(i=cython.int, t=object, o=object, ints=tuple)
def _c9_values() -> tuple[int, ...]:
    if cython.compiled:  # the tuple filled in place, from the cached small ints
        ints = _INTS
        t = PyTuple_New(81)
        for i in range(81):
            o = ints[SOL9[i]]
            Py_INCREF(o)
            PyTuple_SET_ITEM(t, i, o)
        return t  # type: ignore[no-any-return,unused-ignore]
    for i in range(81):
        OUTBUF[i] = SOL9[i]
    return tuple(OUTBUF[:81])  # bytes to a tuple of small ints, in C


@cython.cfunc
@cython.locals(i=cython.int, v=cython.int, n=cython.int, cells=tuple)
@cython.returns(cython.int)
def _c9_givens(givens: Sequence[int]) -> int:
    """Read 81 givens (0 = blank) into GIV9: 1, or 0 when one is not 0-9."""
    cells = tuple(givens)
    if len(cells) != 81:
        raise ValueError("not 81 givens")
    for i in range(81):
        v = cells[i]
        if not 0 <= v <= 9:
            return 0
        GIV9[i] = v
    return 1


@cython.cfunc
@cython.exceptval(-1, check=True)
@cython.locals(limit=cython.int)
@cython.returns(cython.int)
def _c9_line(line: str, limit: int) -> int:
    """Read a classic line into GIV9 and count its solutions up to ``limit`` with no
    bounds (none searched for a limit below 1); ValueError when it is not a line. The
    caller holds the lock."""
    if not _c9_parse(line):
        raise ValueError("not a 9x9 line")
    if limit < 1:
        return 0
    _bounds(-1, 0.0)
    return _c9_run(limit)


def c9_solve_line(line: str) -> str | None:
    """The first solution of a classic 9x9 line (``.`` or ``0`` blank) as a line, or None.

    Raises ValueError when ``line`` is not 81 characters of ``1-9``, ``.`` and ``0``. The
    bulk path (no bounds): ``c9_search`` takes bounds and says why it stopped.
    """
    with LOCK:
        return _c9_solution_line() if _c9_line(line, 1) else None


def c9_solve_values(line: str) -> tuple[int, ...] | None:
    """Like ``c9_solve_line`` but the solution is a tuple of 81 digits."""
    with LOCK:
        return _c9_values() if _c9_line(line, 1) else None


@cython.locals(limit=cython.int)
def c9_count_line(line: str, limit: int = 2) -> int:
    """How many solutions a classic 9x9 line has, counting no further than ``limit``."""
    with LOCK:
        return _c9_line(line, limit)


@cython.locals(limit=cython.int, n=cython.int)
def c9_search(
    puzzle: str | Sequence[int], limit: int = 1, max_nodes: int = -1, deadline: float = 0.0
) -> tuple[int, tuple[int, ...] | None, int, int]:
    """(solutions counted up to ``limit``, the first one or None, why the search stopped
    before it was done, branches taken) for a classic 9x9 line or 81 givens (0 = blank).

    The stop is 0 (it did not), ``STOP_GUESSES`` (it took its ``max_nodes`` branches) or
    ``STOP_TIME`` (it reached its ``deadline`` on ``time.monotonic()``). Raises ValueError
    when ``puzzle`` is not a line or not 81 givens; a given that is not 0-9 finds nothing.
    """
    with LOCK:
        if isinstance(puzzle, str):
            if not _c9_parse(puzzle):
                raise ValueError("not a 9x9 line")
        elif not _c9_givens(puzzle):
            return 0, None, 0, 0
        _bounds(max_nodes, deadline)
        if limit < 1:
            return 0, None, 0, 0
        n = _c9_run(limit)
        return n, (_c9_values() if n else None), _stop, _snodes


@cython.locals(cell=cython.int, b=cython.int, p=cython.int, d=cython.int, m=cython.uint)
def c9_propagate(givens: Sequence[int]) -> tuple[int, ...] | None:
    """The candidate masks (bit d - 1 for digit d) the classic engine's propagation leaves
    from 81 givens, before any branch; None when it finds a contradiction. For tests:
    the search never needs them."""
    with LOCK:
        if not _c9_givens(givens) or not _c9_load() or not _c9_propagate(0):
            return None
        out = []
        for cell in range(81):
            b = cell // 27
            p = cell - 27 * b
            m = 0
            for d in range(9):
                if ST9[d * 3 + b] >> p & 1:
                    m |= 1 << d
            out.append(m)
        return tuple(out)


# == any layout ==========================================================================


def gen_fits(spec: CompiledLayout) -> bool:
    """True when a compiled layout (``yass.engine.compiled.compile_layout``) fits the generic
    engine's tables (it is loaded into them to find out)."""
    global _gspec
    with LOCK:
        _gspec = spec if _gen_load(spec) else None
        return _gspec is not None


@cython.locals(i=cython.int, cell=cython.int, peer=cython.int, g=cython.int, first=cython.int,
               nxt=cython.int, size=cython.int, ncells=cython.int, vals=tuple,
               state=cython.int, ok=cython.uint, one=cython.ulonglong)
def _gen_load(spec: CompiledLayout) -> bool:
    """Load a compiled layout into the generic engine's tables; False if it exceeds them
    (the tables then hold no layout: see ``_gspec``)."""
    global _gn, _gncells, _gnhouses, _gall, _gnarcs, _gloads, _gnsets, _gnforms, _gnsums
    global _gnwords, _gnconts, _gegen, _gnipairs, _gniparts
    _gegen += 1  # the memory of form revisions forgets the last layout's
    if _gegen >= 0xFFFFFFF0:
        for i in range(4096):
            GE_STAMP[i] = 0
        _gegen = 1
    size = spec.size
    ncells = size * size
    if not 1 <= size <= 16 or ncells > _G_MAXCELLS:
        return False
    nhouses = len(spec.hstart) - 1
    nsets = len(spec.sstart) - 1
    nsums = len(spec.ltotal)
    ncont = len(spec.cdigit)
    if len(spec.peers) > _G_MAXPEERS or len(spec.anb) > _G_MAXARCS:
        return False
    if nhouses > _G_MAXHOUSES or len(spec.hcells) > _G_MAXHOUSECELLS:
        return False
    if len(spec.tkmax) > _G_MAXTABLES or nsets > _G_MAXGROUPS or nsums > _G_MAXGROUPS:
        return False
    if len(spec.scells) > _G_MAXFORMCELLS or len(spec.lcells) > _G_MAXFORMCELLS:
        return False
    if len(spec.sets) > _G_MAXSETS or len(spec.flist) > _G_MAXFLIST:
        return False
    if ncont > _G_MAXGROUPS or len(spec.ccells) > _G_MAXFORMCELLS:
        return False
    nlay = len(spec.ystart) - 1
    if nlay > _G_MAXGROUPS or len(spec.ycells) > _G_MAXFORMCELLS:
        return False
    if len(spec.ynext) > _G_MAXYNEXT or len(spec.ynext) > 65535 * size:
        return False
    if nsets + nsums + ncont + nlay > 2 * _G_MAXGROUPS:
        return False
    vals = spec.pstart
    for i in range(len(vals)):
        G_PSTART[i] = vals[i]
    vals = spec.peers
    for i in range(len(vals)):
        G_PEERS[i] = vals[i]
    vals = spec.hstart
    for i in range(len(vals)):
        G_HSTART[i] = vals[i]
    vals = spec.hcells
    for i in range(len(vals)):
        G_HCELLS[i] = vals[i]
    vals = spec.astart
    for i in range(len(vals)):
        G_ASTART[i] = vals[i]
    vals = spec.anb
    for i in range(len(vals)):
        G_ANB[i] = vals[i]
    vals = spec.atab
    for i in range(len(vals)):
        G_ATAB[i] = vals[i]
    vals = spec.tables
    for i in range(len(vals)):
        G_TABLES[i] = vals[i]
    vals = spec.tkmax
    for i in range(len(vals)):
        G_TKMAX[i] = vals[i]
    vals = spec.mask0
    for i in range(len(vals)):
        G_MASK0[i] = vals[i]
    vals = spec.sstart
    for i in range(len(vals)):
        G_SSTART[i] = vals[i]
    vals = spec.scells
    for i in range(len(vals)):
        G_SCELLS[i] = vals[i]
    vals = spec.setstart
    for i in range(len(vals)):
        G_SETSTART[i] = vals[i]
    vals = spec.sets
    for i in range(len(vals)):
        G_SETS[i] = vals[i]
    vals = spec.lstart
    for i in range(len(vals)):
        G_LSTART[i] = vals[i]
    vals = spec.lcells
    for i in range(len(vals)):
        G_LCELLS[i] = vals[i]
    vals = spec.lcoefs
    for i in range(len(vals)):
        G_LCOEF[i] = vals[i]
    vals = spec.lapart
    for i in range(len(vals)):
        G_LAPART[i] = vals[i]
    vals = spec.ltotal
    for i in range(len(vals)):
        G_LTOTAL[i] = vals[i]
    vals = spec.cstart
    for i in range(len(vals)):
        G_CSTART[i] = vals[i]
    vals = spec.ccells
    for i in range(len(vals)):
        G_CCELLS[i] = vals[i]
    vals = spec.cdigit
    for i in range(len(vals)):
        G_CDIGIT[i] = vals[i]
    vals = spec.ccount
    for i in range(len(vals)):
        G_CCOUNT[i] = vals[i]
    vals = spec.ystart
    for i in range(len(vals)):
        G_YSTART[i] = vals[i]
    vals = spec.ycells
    for i in range(len(vals)):
        G_YCELLS[i] = vals[i]
    vals = spec.ylayer
    for i in range(len(vals)):
        G_YLAYER[i] = vals[i]
    vals = spec.ynext  # numbered within each automaton: add its first number
    for g in range(nlay):
        first = G_YLAYER[G_YSTART[g] + 2 * g]
        for state in range(first, G_YLAYER[G_YSTART[g + 1] + 2 * g + 1]):
            ok = 0  # the digits with a move from the state
            for i in range(state * size, state * size + size):
                nxt = vals[i]
                if nxt < 0:
                    G_YNEXT[i] = 0xFFFF
                else:
                    G_YNEXT[i] = nxt + first
                    ok |= 1 << (i - state * size)
            G_YOK[state] = ok
    vals = spec.ydistinct
    for i in range(len(vals)):
        G_YDISTINCT[i] = vals[i]
    if nsets + nsums + ncont + nlay:
        vals = spec.fstart
        for i in range(len(vals)):
            G_FSTART[i] = vals[i]
        vals = spec.flist
        for i in range(len(vals)):
            G_FLIST[i] = vals[i]
    else:
        for i in range(ncells + 1):
            G_FSTART[i] = 0
    vals = spec.istart
    if len(vals) > 3 * _G_MAXIPAIRS + 1 or len(spec.icells) > 65536:
        return False
    for i in range(len(vals)):
        G_ISTART[i] = vals[i]
    _gnipairs = (len(vals) - 1) // 3
    vals = spec.icells
    for i in range(len(vals)):
        G_ICELLS[i] = vals[i]
    vals = spec.ipstart
    _gniparts = 0
    if len(vals) == 2 * _gnipairs + 1 and len(spec.iparts) <= _G_MAXIPARTS:
        for i in range(len(vals)):
            G_IPSTART[i] = vals[i]
        vals = spec.iparts
        for i in range(len(vals)):
            G_IPARTS[i] = vals[i]
        _gniparts = len(vals)
    for i in range(4 * ncells):
        G_PBITS[i] = 0
    one = 1
    for cell in range(ncells):
        for i in range(G_PSTART[cell], G_PSTART[cell + 1]):
            peer = G_PEERS[i]
            G_PBITS[cell * 4 + (peer >> 6)] |= one << (peer & 63)
    _gnwords = (ncells + 63) >> 6
    _gn = size
    _gloads += 1
    _gnarcs = len(spec.anb)
    _gncells = ncells
    _gnhouses = nhouses
    _gnsets = nsets
    _gnsums = nsums
    _gnconts = ncont
    _gnforms = nsets + nsums + ncont + nlay
    _gall = (1 << size) - 1
    return True


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, a=cython.int, b=cython.int, out=cython.uint, j=cython.int,
               cell=cython.int, m=cython.uint, new=cython.uint, changed=cython.int)
@cython.returns(cython.int)
def _g_clear(base: int, a: int, b: int, out: int) -> int:
    """Remove the digits ``out`` from the cells at ``a:b`` of G_ICELLS, queueing new
    singles: -1 when a cell loses its last digit, 1 when one narrowed, else 0."""
    global _gqn
    changed = 0
    for j in range(a, b):
        cell = G_ICELLS[j]
        m = GC[base + cell]
        new = m & ~out
        if new != m:
            if new == 0:
                GW[cell] += 1
                return -1
            GC[base + cell] = new
            changed = 1
            if (new & (new - 1)) == 0:
                GQ[_gqn] = cell
                _gqn += 1
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, k=cython.int, j=cython.int, r=cython.int,
               i0=cython.int, i1=cython.int, i2=cython.int, i3=cython.int,
               shared=cython.uint, aonly=cython.uint, bonly=cython.uint, changed=cython.int,
               p0=cython.int, p1=cython.int, p2=cython.int)
@cython.returns(cython.int)
def _g_intersections(base: int) -> int:
    """Pointing and claiming on every pair of full houses sharing cells: a digit that
    one house can hold only in the shared cells leaves the other house's other cells.
    -1 on a contradiction, 1 when a cell narrowed (new singles queued), else 0.

    The digits of each pair's shared cells are read first (``GI_SH``; again for the
    pairs after one that narrowed cells); a house's other cells, when they are the
    shared cells of other pairs (``G_IPARTS``), are read from those."""
    changed = 0
    _gi_shared(base, 0)
    for k in range(_gnipairs):
        i1 = G_ISTART[3 * k + 1]
        i2 = G_ISTART[3 * k + 2]
        i3 = G_ISTART[3 * k + 3]
        shared = GI_SH[k]
        aonly = 0
        bonly = 0
        if _gniparts:
            p0 = G_IPSTART[2 * k]
            p1 = G_IPSTART[2 * k + 1]
            p2 = G_IPSTART[2 * k + 2]
            if G_IPARTS[p0] >= 0:
                for j in range(p0, p1):
                    aonly |= GI_SH[G_IPARTS[j]]
            else:
                for j in range(i1, i2):
                    aonly |= GC[base + G_ICELLS[j]]
            if G_IPARTS[p1] >= 0:
                for j in range(p1, p2):
                    bonly |= GI_SH[G_IPARTS[j]]
            else:
                for j in range(i2, i3):
                    bonly |= GC[base + G_ICELLS[j]]
        else:
            for j in range(i1, i2):
                aonly |= GC[base + G_ICELLS[j]]
            for j in range(i2, i3):
                bonly |= GC[base + G_ICELLS[j]]
        # the first house's digits confined to the shared cells leave the second's others
        r = 0
        if shared & ~aonly & bonly:
            r = _g_clear(base, i2, i3, shared & ~aonly)
            if r < 0:
                return -1
            changed |= r
        if shared & ~bonly & aonly:  # and the other way round
            i0 = _g_clear(base, i1, i2, shared & ~bonly)
            if i0 < 0:
                return -1
            changed |= i0
            r |= i0
        if r:
            _gi_shared(base, k + 1)
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, first=cython.int, k=cython.int, j=cython.int,
               shared=cython.uint)
@cython.returns(cython.void)
def _gi_shared(base: int, first: int) -> None:
    """``GI_SH[k]``: the digits of pair k's shared cells, for the pairs from ``first`` on."""
    for k in range(first, _gnipairs):
        shared = 0
        for j in range(G_ISTART[3 * k], G_ISTART[3 * k + 1]):
            shared |= GC[base + G_ICELLS[j]]
        GI_SH[k] = shared


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(m=cython.uint)
@cython.returns(cython.int)
def _pop16(m: int) -> int:
    return POP8[m & 0xFF] + POP8[m >> 8]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(m=cython.uint)
@cython.returns(cython.int)
def _top16(m: int) -> int:
    """Index of the highest set bit of a non-zero 16-bit mask."""
    if m >> 8:
        return TOP8[m >> 8] + 8
    return TOP8[m]


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(a=cython.int, m=cython.uint)
@cython.returns(cython.int)
def _term_lo(a: int, m: int) -> int:
    """The least value of ``a * digit`` over the digits of mask ``m`` (not 0)."""
    if a > 0:
        return a * (_ctz(m) + 1)
    return a * (_top16(m) + 1)


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(a=cython.int, m=cython.uint)
@cython.returns(cython.int)
def _term_hi(a: int, m: int) -> int:
    """The greatest value of ``a * digit`` over the digits of mask ``m`` (not 0)."""
    if a > 0:
        return a * (_top16(m) + 1)
    return a * (_ctz(m) + 1)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, n=cython.int, k=cython.int, cell=cython.int,
               m=cython.uint, new=cython.uint, changed=cython.int)
@cython.returns(cython.int)
def _g_keep(base: int, n: int) -> int:
    """Narrow the form cells ``GD_CELL[:n]`` to the digits ``GD_SUP`` found for them;
    1 when a cell narrowed, else 0."""
    changed = 0
    for k in range(n):
        cell = GD_CELL[k]
        m = GC[base + cell]
        new = m & GD_SUP[k]
        if new != m:
            _g_narrow(base, cell, new)
            changed = 1
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, cell=cython.int, new=cython.uint, k=cython.int, f=cython.int)
@cython.returns(cython.void)
def _g_narrow(base: int, cell: int, new: int) -> None:
    """A form narrows ``cell`` to ``new`` (not 0): queue it when it becomes a single, and
    every form on it (this one too: it may narrow further)."""
    global _gqn
    if (new & (new - 1)) == 0:
        GQ[_gqn] = cell
        _gqn += 1
    GC[base + cell] = new
    GS[base + cell] = new
    for k in range(G_FSTART[cell], G_FSTART[cell + 1]):
        _g_due(G_FLIST[k])


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(f=cython.int)
@cython.returns(cython.void)
def _g_due(f: int) -> None:
    """Queue form ``f`` for revision unless it is queued: a digit-set group on the
    first queue; a sum, a "contains" group or a line automaton (revisions that enumerate
    sums or walk states) on the second, which runs when the first is empty."""
    global _gfqn, _gfqn2
    if not GFD[f]:
        GFD[f] = 1
        if f < _gnsets:
            GFQ[_gfqn] = f
            _gfqn += 1
        else:
            GFQ2[_gfqn2] = f
            _gfqn2 += 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.returns(cython.void)
def _g_undue() -> None:
    """Empty both queues of forms due for revision."""
    global _gfqn, _gfqn2
    while _gfqn > 0:
        _gfqn -= 1
        GFD[GFQ[_gfqn]] = 0
    while _gfqn2 > 0:
        _gfqn2 -= 1
        GFD[GFQ2[_gfqn2]] = 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, n=cython.int, total=cython.int, i=cython.int, j=cython.int,
               p=cython.int, x=cython.int, r=cython.int, ap=cython.uint, moved=cython.int)
@cython.returns(cython.int)
def _g_enum(base: int, n: int, total: int) -> int:
    """``_g_enum_run`` with the terms taken fewest candidates first (the last term, whose
    digit the total gives, is then one with the most): the same support and common
    digits, found over fewer branches. ``GD_CELL``, ``GD_COEF``, ``GD_APART`` and
    ``GD_SUP`` are in the caller's order again after it."""
    moved = 0
    for i in range(n):
        GO_POP[i] = _pop16(GC[base + GD_CELL[i]])
        GO_ORD[i] = i
    for i in range(1, n):  # insertion sort, stable
        x = GO_ORD[i]
        j = i - 1
        while j >= 0 and GO_POP[GO_ORD[j]] > GO_POP[x]:
            GO_ORD[j + 1] = GO_ORD[j]
            j -= 1
            moved = 1
        GO_ORD[j + 1] = x
    if not moved:
        return _g_enum_run(base, n, total)
    for i in range(n):
        GO_CELL[i] = GD_CELL[i]
        GO_COEF[i] = GD_COEF[i]
        GO_APART[i] = GD_APART[i]
    for i in range(n):
        p = GO_ORD[i]
        GD_CELL[i] = GO_CELL[p]
        GD_COEF[i] = GO_COEF[p]
        ap = 0
        for j in range(n):
            if GO_APART[p] >> GO_ORD[j] & 1:
                ap |= 1 << j
        GD_APART[i] = ap
    r = _g_enum_run(base, n, total)
    for i in range(n):
        GO_SUP[GO_ORD[i]] = GD_SUP[i]
    for i in range(n):
        GD_CELL[i] = GO_CELL[i]
        GD_COEF[i] = GO_COEF[i]
        GD_APART[i] = GO_APART[i]
        GD_SUP[i] = GO_SUP[i]
    return r


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, n=cython.int, total=cython.int,
               pos=cython.int, j=cython.int, a=cython.int, nodes=cython.int, acc=cython.int,
               product=cython.int, found=cython.int, used=cython.uint, b=cython.uint,
               m=cython.uint, block=cython.uint, apart=cython.uint, need=cython.uint,
               fresh=cython.int, last=cython.int, alast=cython.int, rem=cython.int,
               d=cython.int, unsup=cython.int, full_from=cython.int, k=cython.int)
@cython.returns(cython.int)
def _g_enum_run(base: int, n: int, total: int) -> int:
    """Exact support of the small sum in ``GD_CELL``, ``GD_COEF``, ``GD_APART`` (``n``
    terms): a depth-first search of its fillings (cells that see each other differ),
    pruned by the least and greatest sums of the terms left, keeps in ``GD_SUP`` the
    digits some filling that reaches ``total`` uses, and in ``_gneed`` the digits every
    filling uses (0 when that is not known). 1 when it ran, -1 when no filling
    exists, 0 when it gave up (more than 2000 combinations of the candidates, or 1500
    nodes).

    The last term's digit follows from the total (the search stops one term short and
    computes it). Once no digit is known that every filling uses (``need`` is 0), a
    branch whose chosen digits are all supported already and below which every term's
    candidates are all supported can only find supports again: it is passed over (and
    after a filling, the search goes back at once to the deepest term that still has an
    unsupported candidate). The support and ``_gneed`` found are those of the full
    enumeration.
    """
    global _gneed
    _gneed = 0
    product = 1
    unsup = 0  # candidates no filling has used yet
    for j in range(n):
        GD_SUP[j] = 0
        a = _pop16(GC[base + GD_CELL[j]])
        unsup += a
        product *= a
        if product > 2000:
            return 0
    GD_SMIN[n] = 0
    GD_SMAX[n] = 0
    for j in range(n - 1, -1, -1):
        m = GC[base + GD_CELL[j]]
        a = GD_COEF[j]
        if a > 0:
            GD_SMIN[j] = GD_SMIN[j + 1] + a * (_ctz(m) + 1)
            GD_SMAX[j] = GD_SMAX[j + 1] + a * (_top16(m) + 1)
        else:
            GD_SMIN[j] = GD_SMIN[j + 1] + a * (_top16(m) + 1)
            GD_SMAX[j] = GD_SMAX[j + 1] + a * (_ctz(m) + 1)
    last = n - 1
    alast = GD_COEF[last]
    nodes = 0
    found = 0
    need = _gall
    full_from = n  # the terms from here on have every candidate supported
    pos = 0
    GD_ACC[0] = 0
    GD_FRESH[0] = 0
    GD_USED[0] = 0
    GD_REST[0] = GC[base + GD_CELL[0]]
    while pos >= 0:
        block = 0
        if pos < last:
            m = GD_REST[pos]
            if m == 0:
                pos -= 1
                continue
            b = m & -m
            GD_REST[pos] = m ^ b
            nodes += 1
            if nodes > 1500:
                return 0
            a = GD_COEF[pos]
            acc = GD_ACC[pos] + a * (_ctz(b) + 1)
            if acc + GD_SMIN[pos + 1] > total:
                if a > 0:
                    GD_REST[pos] = 0  # the term's greater digits overshoot too
                continue
            if acc + GD_SMAX[pos + 1] < total:
                if a < 0:
                    GD_REST[pos] = 0  # its greater digits fall further short
                continue
            GD_V[pos] = b
            # whether a digit chosen so far has no support yet (a filling supports every
            # digit on its path: ``GD_FRESH`` is then cleared along it)
            fresh = GD_FRESH[pos] | (0 if GD_SUP[pos] & b else 1)
            if not fresh and full_from <= pos + 1 and not need & ~(GD_USED[pos] | b):
                # every filling below only finds supports again, and holds the digits
                # every filling so far holds
                continue
            # the next term's candidates less the digits of the terms before it it sees
            apart = GD_APART[pos + 1] & ((2 << pos) - 1)
            while apart:
                block |= GD_V[_ctz(apart)]
                apart &= apart - 1
            if pos + 1 < last:
                pos += 1
                GD_FRESH[pos] = fresh
                GD_USED[pos] = GD_USED[pos - 1] | b
                GD_ACC[pos] = acc
                GD_REST[pos] = GC[base + GD_CELL[pos]] & ~block
                continue
        else:  # a sum of one term
            acc = 0
            pos = -1  # nothing to go back to
        # the last term: its digit is what the total leaves
        rem = total - acc
        d = rem // alast
        if d * alast != rem or d < 1 or d > _gn:
            continue
        b = 1 << (d - 1)
        if not GC[base + GD_CELL[last]] & ~block & b:
            continue
        GD_V[last] = b
        found = 1
        used = 0
        for j in range(n):
            used |= GD_V[j]  # (the digits of the path: ``GD_USED``, this one and the last)
            GD_FRESH[j] = 0
            if not GD_SUP[j] & GD_V[j]:
                GD_SUP[j] |= GD_V[j]
                unsup -= 1
        need &= used
        if unsup == 0:
            return 1  # every candidate has a filling: nothing to narrow (``_gneed`` 0)
        while GD_SUP[full_from - 1] == GC[base + GD_CELL[full_from - 1]]:
            full_from -= 1  # (not to 0: a candidate has no filling yet)
        if full_from - 1 < pos:
            # back to the deepest term with an unsupported candidate, or below it to the
            # first whose digits before hold every digit every filling holds: the
            # branches passed over only find supports and those digits again
            k = full_from - 1
            while k < pos and need & ~GD_USED[k + 1]:
                k += 1
            pos = k
    _gneed = need if found else 0
    return 1 if found else -1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, n=cython.int, s=cython.uint, i=cython.int, j=cython.int,
               x=cython.int, y=cython.int, d=cython.int, old=cython.int, free=cython.int,
               head=cython.int, tail=cython.int, seen=cython.uint, rest=cython.uint,
               low=cython.uint, adj=cython.uint, bit=cython.uint, sup=cython.uint,
               known=cython.int, whole=cython.int)
@cython.returns(cython.int)
def _g_match(base: int, n: int, s: int) -> int:
    """Can the ``n`` cells in ``GD_CELL`` take the ``n`` digits of ``s``, one each? 0 when
    not; else 1, with every (cell, digit) of some such filling added to ``GD_SUP``.

    One perfect matching by augmenting paths; then cell i can take digit d (held by
    cell j in the matching) exactly when j reaches i in the graph "x can take the digit
    y holds": each cell on the path passes its digit on, and i's is freed. (No matching
    when every cell can take every digit of ``s``; no reach when ``GD_SUP`` already
    holds every (cell, digit) the set allows.)
    """
    whole = 1  # every cell can take every digit of s: any one each (n = |s|)
    known = 1  # every (cell, digit) the set allows has a filling already
    for i in range(n):
        GM_CAND[i] = GC[base + GD_CELL[i]] & s
        GM_MATCH[i] = -1
        if GM_CAND[i] != s:
            whole = 0
        if GM_CAND[i] & ~GD_SUP[i]:
            known = 0
    if whole:
        for i in range(n):
            GD_SUP[i] |= s
        return 1
    for d in range(16):
        GM_OWNER[d] = -1
    for i in range(n):
        seen = 0
        head = 0
        tail = 1
        GM_QUEUE[0] = i
        free = -1
        while head < tail and free < 0:
            x = GM_QUEUE[head]
            head += 1
            rest = GM_CAND[x] & ~seen
            while rest:
                low = rest & -rest
                rest ^= low
                d = _ctz(low)
                seen |= low
                GM_PREV[d] = x
                if GM_OWNER[d] < 0:
                    free = d
                    break
                GM_QUEUE[tail] = GM_OWNER[d]
                tail += 1
        if free < 0:
            return 0
        d = free
        while True:  # flip the path: each cell on it takes the digit it reached
            x = GM_PREV[d]
            old = GM_MATCH[x]
            GM_MATCH[x] = d
            GM_OWNER[d] = x
            if x == i:
                break
            d = old
    if known:
        return 1  # a filling exists, and it could add no support
    for x in range(n):
        adj = 0
        for y in range(n):
            if y != x and GM_CAND[x] >> GM_MATCH[y] & 1:
                adj |= 1 << y
        GM_REACH[x] = adj
    for j in range(n):  # the transitive closure
        bit = 1 << j
        for x in range(n):
            if GM_REACH[x] & bit:
                GM_REACH[x] |= GM_REACH[j]
    for i in range(n):
        sup = 1 << GM_MATCH[i]
        rest = GM_CAND[i] & ~sup
        while rest:
            low = rest & -rest
            rest ^= low
            if GM_REACH[GM_OWNER[_ctz(low)]] >> i & 1:
                sup |= low
        GD_SUP[i] |= sup
    return 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, f=cython.int, n=cython.int, j=cython.int, h=cython.uint,
               slot=cython.int)
@cython.returns(cython.int)
def _ge_find(base: int, f: int, n: int) -> int:
    """The memory of form revisions: the slot of form ``f`` (a global form number) with
    its cells ``GD_CELL[:n]`` at their candidates at ``base`` when the memory holds that
    state, else -1 - the slot where it goes (its inputs written there, not yet valid).

    A revision of a digit-set group or of a small sum depends only on its cells'
    candidates, and a search meets the same few states of a clue again and again (in
    sibling branches, and after a restart); the memory keeps the last revision of each
    slot, so a repeat costs a lookup instead of a matching or an enumeration.
    """
    h = (f + 1) * _GOLDEN & _M32
    for j in range(n):
        h = ((h ^ GC[base + GD_CELL[j]]) * _GOLDEN) & _M32
    slot = h >> 20  # 12 bits: 4096 slots
    if GE_STAMP[slot] == _gegen and GE_FORM[slot] == f:
        for j in range(n):
            if GE_IN[slot * 16 + j] != GC[base + GD_CELL[j]]:
                break
        else:
            return slot
    GE_STAMP[slot] = 0
    for j in range(n):
        GE_IN[slot * 16 + j] = GC[base + GD_CELL[j]]
    return -1 - slot


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, slot=cython.int, n=cython.int, j=cython.int)
@cython.returns(cython.void)
def _ge_mid(base: int, slot: int, n: int) -> None:
    """Remember in ``slot`` the candidates a revision's first narrowing left its cells."""
    for j in range(n):
        GE_MID[slot * 16 + j] = GC[base + GD_CELL[j]]


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, slot=cython.int, f=cython.int, n=cython.int, need=cython.uint,
               res=cython.int, j=cython.int)
@cython.returns(cython.void)
def _ge_keep(base: int, slot: int, f: int, n: int, need: int, res: int) -> None:
    """Remember in ``slot`` the revision of form ``f`` just made: its outcome ``res``
    (-1: no filling), the candidates it left its cells, the digits every filling holds
    (``_ge_mid`` has kept what its first narrowing left)."""
    if res >= 0:
        for j in range(n):
            GE_OUT[slot * 16 + j] = GC[base + GD_CELL[j]]
    GE_NEED[slot] = need
    GE_RES[slot] = res
    GE_FORM[slot] = f
    GE_STAMP[slot] = _gegen


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, slot=cython.int, n=cython.int, j=cython.int, cell=cython.int,
               m=cython.uint, new=cython.uint, changed=cython.int, r=cython.int)
@cython.returns(cython.int)
def _ge_replay(base: int, slot: int, n: int) -> int:
    """Make the remembered revision in ``slot`` again on the cells ``GD_CELL[:n]``: the same
    narrowings in the same order (the first, then the second), then the same digits
    pointed at the cells that see them, so that the search goes on exactly as after the
    revision itself. -1 on a contradiction, 1 when a cell narrowed, else 0."""
    if GE_RES[slot] < 0:
        return -1
    changed = 0
    for j in range(n):
        cell = GD_CELL[j]
        m = GC[base + cell]
        new = m & GE_MID[slot * 16 + j]
        if new != m:
            _g_narrow(base, cell, new)
            changed = 1
    for j in range(n):
        cell = GD_CELL[j]
        m = GC[base + cell]
        new = m & GE_OUT[slot * 16 + j]
        if new != m:
            _g_narrow(base, cell, new)
            changed = 1
    if GE_NEED[slot]:
        r = _g_point(base, n, GE_NEED[slot])
        if r < 0:
            return -1
        changed |= r
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, g=cython.int, k=cython.int, j=cython.int, c0=cython.int,
               n=cython.int, cell=cython.int, union=cython.uint, s=cython.uint,
               fits=cython.bint, found=cython.int, need=cython.uint, changed=cython.int,
               r=cython.int, slot=cython.int)
@cython.returns(cython.int)
def _g_set(base: int, g: int) -> int:
    """Revise digit-set group ``g`` exactly: each cell keeps the digits it takes in some
    filling of the group's cells with the digits of one of its sets, one each (a set
    whose digits the cells' candidates do not cover, or that misses a cell, is skipped
    at once). -1 on a contradiction, 1 when a cell narrowed, else 0."""
    c0 = G_SSTART[g]
    n = G_SSTART[g + 1] - c0
    union = 0
    for k in range(n):
        cell = G_SCELLS[c0 + k]
        GD_CELL[k] = cell
        GD_SUP[k] = 0
        union |= GC[base + cell]
    slot = _ge_find(base, g, n)
    if slot >= 0:
        return _ge_replay(base, slot, n)
    slot = -1 - slot
    found = 0
    need = _gall
    for j in range(G_SETSTART[g], G_SETSTART[g + 1]):
        s = G_SETS[j]
        if s & ~union:
            continue
        fits = True
        for k in range(n):
            if not GC[base + GD_CELL[k]] & s:
                fits = False
                break
        if fits and _g_match(base, n, s):
            found = 1
            need &= s
    if not found:
        _ge_keep(base, slot, g, n, 0, -1)
        return -1
    changed = _g_keep(base, n)
    _ge_mid(base, slot, n)
    _ge_keep(base, slot, g, n, need, 0)
    if need:
        r = _g_point(base, n, need)
        if r < 0:
            return -1
        changed |= r
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, n=cython.int, need=cython.uint, k=cython.int, j=cython.int,
               w=cython.int, cell=cython.int, bit=cython.uint, m=cython.uint, x=cython.ulonglong,
               low=cython.ulonglong, changed=cython.int)
@cython.returns(cython.int)
def _g_point(base: int, n: int, need: int) -> int:
    """Digits every filling of the form cells ``GD_CELL[:n]`` holds (``need``) leave the
    cells that see each of the form's cells still able to hold them (a cage's required
    digit pointing at a house, or at any cell that sees all its places). -1 on a
    contradiction, 1 when a cell narrowed, else 0."""
    changed = 0
    while need:
        bit = need & -need
        need ^= bit
        for w in range(_gnwords):
            GP_SEEN[w] = _M64
        for k in range(n):
            cell = GD_CELL[k]
            if GC[base + cell] & bit:
                j = cell * 4
                for w in range(_gnwords):
                    GP_SEEN[w] &= G_PBITS[j + w]
        for w in range(_gnwords):
            x = GP_SEEN[w]
            while x:
                low = x & -x
                x ^= low
                cell = w * 64 + _ctz64(low)
                m = GC[base + cell]
                if m & bit:
                    if m == bit:
                        GW[cell] += 1
                        return -1
                    _g_narrow(base, cell, m & ~bit)
                    changed = 1
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(src=cython.int, dst=cython.int, k=cython.int, q=cython.int, r=cython.int,
               w=cython.int, x=cython.ulonglong, nw=cython.int)
@cython.returns(cython.void)
def _bits_shl_or(src: int, dst: int, k: int, nw: int) -> None:
    """GB[dst:dst+nw] |= GB[src:src+nw] << k (sets of up to 256 sums as 64-bit words,
    ``nw`` of them in use, 0 <= k < 64 * nw)."""
    q = k >> 6
    r = k & 63
    for w in range(nw - 1, q - 1, -1):
        x = GB[src + w - q] << r & _M64
        if r and w - q - 1 >= 0:
            x |= GB[src + w - q - 1] >> (64 - r)
        GB[dst + w] |= x


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, n=cython.int, total=cython.int, j=cython.int, a=cython.int,
               low0=cython.int, span=cython.int, want=cython.int, w=cython.int,
               m=cython.uint, rest=cython.uint, bit=cython.uint, sup=cython.uint,
               k=cython.int, hit=cython.ulonglong, one=cython.ulonglong, nw=cython.int,
               alive=cython.ulonglong)
@cython.returns(cython.int)
def _g_reach(base: int, n: int, total: int) -> int:
    """Support of the small sum in ``GD_CELL``, ``GD_COEF`` (``n`` terms) with digits free
    to repeat, by the sums its prefixes reach and its suffixes may still add (sets of
    sums as 256-bit words, each term shifted to start at 0 at its least candidate):
    ``GD_SUP`` per term. 1 when it ran, -1 when no filling exists, 0 when the sums span
    more than 256 values."""
    span = 0
    want = total
    for j in range(n):
        a = GD_COEF[j]
        m = GC[base + GD_CELL[j]]
        if a > 0:
            low0 = a * (_ctz(m) + 1)
            span += a * (_top16(m) - _ctz(m))
        else:
            low0 = a * (_top16(m) + 1)
            span -= a * (_top16(m) - _ctz(m))
        GD_ACC[j] = low0  # the term's least value over its candidates: a*d - low0 >= 0
        want -= low0
    if span > 255 or want < 0 or want > span:
        return -1 if span <= 255 else 0
    nw = (span >> 6) + 1  # the words the sums 0..span take
    if nw == 1:  # the sums in one word (most sums): the same steps on it alone
        GB[0] = 1
        for j in range(n):
            m = GC[base + GD_CELL[j]]
            a = GD_COEF[j]
            hit = 0
            rest = m
            while rest:
                bit = rest & -rest
                rest ^= bit
                hit |= GB[4 * j] << (a * (_ctz(bit) + 1) - GD_ACC[j])
            GB[4 * j + 4] = hit
        if not GB[4 * n] >> want & 1:
            return -1
        one = 1
        GBB[4 * n] = one << want
        for j in range(n - 1, -1, -1):
            m = GC[base + GD_CELL[j]]
            a = GD_COEF[j]
            sup = 0
            alive = 0
            rest = m
            while rest:
                bit = rest & -rest
                rest ^= bit
                hit = GBB[4 * j + 4] >> (a * (_ctz(bit) + 1) - GD_ACC[j]) & GB[4 * j]
                if hit:
                    sup |= bit
                    alive |= hit
            GBB[4 * j] = alive
            GD_SUP[j] = sup
        return 1
    for j in range(4 * (n + 1)):
        GB[j] = 0
        GBB[j] = 0
    GB[0] = 1
    for j in range(n):  # forward: GB[4j:] the sums of the first j terms
        m = GC[base + GD_CELL[j]]
        a = GD_COEF[j]
        rest = m
        while rest:
            bit = rest & -rest
            rest ^= bit
            _bits_shl_or(4 * j, 4 * j + 4, a * (_ctz(bit) + 1) - GD_ACC[j], nw)
    if not GB[4 * n + (want >> 6)] >> (want & 63) & 1:
        return -1
    # backward: GBB[4j:] the sums of the first j terms from which the rest reach want
    one = 1
    GBB[4 * n + (want >> 6)] = one << (want & 63)
    for j in range(n - 1, -1, -1):
        m = GC[base + GD_CELL[j]]
        a = GD_COEF[j]
        sup = 0
        rest = m
        while rest:
            bit = rest & -rest
            rest ^= bit
            k = a * (_ctz(bit) + 1) - GD_ACC[j]
            # digit kept when some reached sum s of the prefix has s + k alive after it
            for w in range(nw):
                GBT[w] = 0
            _bits_shr_or_t(4 * j + 4, k, nw)
            hit = 0
            for w in range(nw):
                GBT[w] &= GB[4 * j + w]
                hit |= GBT[w]
                GBB[4 * j + w] |= GBT[w]
            if hit:
                sup |= bit
        GD_SUP[j] = sup
    return 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(src=cython.int, k=cython.int, q=cython.int, r=cython.int, w=cython.int,
               x=cython.ulonglong, nw=cython.int)
@cython.returns(cython.void)
def _bits_shr_or_t(src: int, k: int, nw: int) -> None:
    """GBT[0:nw] |= GBB[src:src+nw] >> k (``nw`` words in use, 0 <= k < 64 * nw)."""
    q = k >> 6
    r = k & 63
    for w in range(0, nw - q):
        x = GBB[src + w + q] >> r
        if r and w + q + 1 < nw:
            x |= GBB[src + w + q + 1] << (64 - r) & _M64
        GBT[w] |= x


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, g=cython.int, k=cython.int, k0=cython.int, k1=cython.int,
               cell=cython.int, a=cython.int, total=cython.int, lo=cython.int, hi=cython.int,
               tlo=cython.int, thi=cython.int, vlo=cython.int, vhi=cython.int,
               v=cython.int, m=cython.uint, new=cython.uint, rest=cython.uint,
               low=cython.uint, changed=cython.int, n=cython.int, j=cython.int, r=cython.int,
               need=cython.uint, apart=cython.uint, f=cython.int, slot=cython.int)
@cython.returns(cython.int)
def _g_sum(base: int, g: int) -> int:
    """Revise linear sum ``g`` (sum of coef * digit == total) by bounds: each term keeps
    the values that the least and greatest sums of the other terms leave room for; then,
    for a small sum, each cell keeps only the digits of some filling (``_g_enum``).
    -1 on a contradiction, 1 when a cell narrowed, else 0."""
    k0 = G_LSTART[g]
    k1 = G_LSTART[g + 1]
    total = G_LTOTAL[g]
    lo = 0
    hi = 0
    for k in range(k0, k1):
        m = GC[base + G_LCELLS[k]]
        if m == 0:
            return -1
        lo += _term_lo(G_LCOEF[k], m)
        hi += _term_hi(G_LCOEF[k], m)
    if lo > total or hi < total:
        return -1
    changed = 0
    for k in range(k0, k1):
        cell = G_LCELLS[k]
        m = GC[base + cell]
        a = G_LCOEF[k]
        tlo = _term_lo(a, m)
        thi = _term_hi(a, m)
        vlo = total - (hi - thi)  # the term's least value the others leave room for
        vhi = total - (lo - tlo)
        if tlo >= vlo and thi <= vhi:
            continue
        new = 0
        rest = m
        while rest:
            low = rest & -rest
            rest ^= low
            v = a * (_ctz(low) + 1)
            if vlo <= v <= vhi:
                new |= low
        if new == 0:
            return -1
        _g_narrow(base, cell, new)
        changed = 1
        lo += _term_lo(a, new) - tlo
        hi += _term_hi(a, new) - thi
    n = k1 - k0
    if n <= 16:
        for j in range(n):
            GD_CELL[j] = G_LCELLS[k0 + j]
        f = _gnsets + g
        slot = _ge_find(base, f, n)
        if slot >= 0:
            r = _ge_replay(base, slot, n)
            return r if r < 0 else r | changed
        slot = -1 - slot
        for j in range(n):
            GD_COEF[j] = G_LCOEF[k0 + j]
            GD_APART[j] = G_LAPART[k0 + j]
        r = _g_reach(base, n, total)
        if r < 0:
            _ge_keep(base, slot, f, n, 0, -1)
            return -1
        apart = 0
        if r > 0:
            if _g_keep(base, n):
                changed = 1
            for j in range(n):
                apart |= GD_APART[j]
        _ge_mid(base, slot, n)
        need = 0
        if r == 0 or apart:  # (digits free to repeat: the sums reached are exact)
            r = _g_enum(base, n, total)
            if r < 0:
                _ge_keep(base, slot, f, n, 0, -1)
                return -1
            if r > 0:
                need = _gneed
                if _g_keep(base, n):
                    changed = 1
        _ge_keep(base, slot, f, n, need, 0)
        if need:
            r = _g_point(base, n, need)
            if r < 0:
                return -1
            changed |= r
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, g=cython.int, k=cython.int, cell=cython.int, n=cython.int,
               bit=cython.uint, m=cython.uint, changed=cython.int)
@cython.returns(cython.int)
def _g_contains(base: int, g: int) -> int:
    """Revise "at least ``G_CCOUNT[g]`` cells of group ``g`` hold its digit": fewer
    places left is a contradiction (-1); exactly that many, and the digit goes in each.
    1 when a cell narrowed, else 0."""
    bit = G_CDIGIT[g]
    n = 0
    for k in range(G_CSTART[g], G_CSTART[g + 1]):
        if GC[base + G_CCELLS[k]] & bit:
            n += 1
    if n < G_CCOUNT[g]:
        return -1
    changed = 0
    if n == G_CCOUNT[g]:
        for k in range(G_CSTART[g], G_CSTART[g + 1]):
            cell = G_CCELLS[k]
            m = GC[base + cell]
            if m & bit and m != bit:
                _g_narrow(base, cell, bit)
                changed = 1
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, g=cython.int, c0=cython.int, n=cython.int, l0=cython.int,
               i=cython.int, strong=cython.int, f=cython.int, slot=cython.int)
@cython.returns(cython.int)
def _g_layered(base: int, g: int, strong: int) -> int:
    """Revise layered automaton ``g`` exactly (digits free to repeat): a forward pass
    marks the states some candidates reach, a backward pass keeps those that still lead
    to an end, and each cell keeps the digits of the moves between kept states. On a
    line whose digits differ, then the exact pass over the digits used
    (``_g_layered_distinct``): at once, or in the search (``_gydefer``) only at the root
    and only when ``_g_pending`` asks (``strong``). -1 on a contradiction, 1 when a cell
    narrowed, else 0."""
    c0 = G_YSTART[g]
    n = G_YSTART[g + 1] - c0
    l0 = c0 + 2 * g
    for i in range(n):
        GD_CELL[i] = G_YCELLS[c0 + i]
    # The passes depend on the cells' candidates alone: kept in the memory of form
    # revisions (their supports, or that no line fits), as a sum's revision is.
    f = _gnsets + _gnsums + _gnconts + g
    slot = _ge_find(base, f, n)
    if slot >= 0:
        if GE_RES[slot] < 0:
            return -1
        for i in range(n):
            GD_SUP[i] = GE_OUT[slot * 16 + i]
    else:
        slot = -1 - slot
        GE_RES[slot] = _g_layered_passes(n, l0, base)
        GE_FORM[slot] = f
        GE_STAMP[slot] = _gegen
        if GE_RES[slot] < 0:
            return -1
        for i in range(n):
            GE_OUT[slot * 16 + i] = GD_SUP[i]
    return _g_layered_rest(base, g, n, l0, strong)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(n=cython.int, l0=cython.int, base=cython.int, i=cython.int, s=cython.int,
               s0=cython.int, s1=cython.int, m=cython.uint, rest=cython.uint,
               low=cython.uint, sup=cython.uint, reached=cython.int, keep=cython.int)
@cython.returns(cython.int)
def _g_layered_passes(n: int, l0: int, base: int) -> int:
    """The forward and backward passes of ``_g_layered`` over the automaton whose layers
    start at ``G_YLAYER[l0]``, on the cells ``GD_CELL[:n]``: the digits each keeps in
    ``GD_SUP``; -1 when no line of the candidates obeys the rule, else 0."""
    s0 = G_YLAYER[l0]
    for s in range(s0, G_YLAYER[l0 + n + 1]):
        GY_MARK[s] = 0
    if G_YLAYER[l0 + 1] == s0:
        return -1  # no state at all: no line obeys the rule
    GY_MARK[s0] = 1
    for i in range(n):
        m = GC[base + GD_CELL[i]]
        reached = 0
        for s in range(G_YLAYER[l0 + i], G_YLAYER[l0 + i + 1]):
            if not GY_MARK[s]:
                continue
            rest = m & G_YOK[s]
            while rest:
                low = rest & -rest
                rest ^= low
                GY_MARK[G_YNEXT[s * _gn + _ctz(low)]] = 1
                reached = 1
        if not reached:
            return -1
    for i in range(n - 1, -1, -1):
        m = GC[base + GD_CELL[i]]
        sup = 0
        s1 = G_YLAYER[l0 + i + 1]
        for s in range(G_YLAYER[l0 + i], s1):
            if not GY_MARK[s]:
                continue
            keep = 0
            rest = m & G_YOK[s]
            while rest:
                low = rest & -rest
                rest ^= low
                if GY_MARK[G_YNEXT[s * _gn + _ctz(low)]]:
                    sup |= low
                    keep = 1
            GY_MARK[s] = keep
        GD_SUP[i] = sup
    return 0


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, g=cython.int, n=cython.int, l0=cython.int, strong=cython.int,
               i=cython.int, left=cython.int, r=cython.int)
@cython.returns(cython.int)
def _g_layered_rest(base: int, g: int, n: int, l0: int, strong: int) -> int:
    """``_g_layered`` after its passes (``GD_SUP`` holds the digits they keep): the exact
    pass of a line whose digits differ, now or later, then the cells narrowed."""
    global _gypn
    if G_YDISTINCT[g] and _gydefer and not strong:
        if base == 0 and not GY_PEND[g]:  # due once the cheap revisions are done
            GY_PEND[g] = 1
            GY_PLIST[_gypn] = g
            _gypn += 1
    elif G_YDISTINCT[g]:
        # an exact pass only below the size of candidates at which it last gave up
        left = 0
        for i in range(n):
            left += _pop16(GD_SUP[i])
        if left < GY_GIVEUP[g]:
            r = _g_layered_distinct(base, n, l0)
            if r < 0:
                return -1
            if r == 0:
                GY_GIVEUP[g] = left
    return _g_keep(base, n)


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, g=cython.int, r=cython.int, changed=cython.int, k=cython.int)
@cython.returns(cython.int)
def _g_pending(base: int) -> int:
    """The deferred exact passes (``_gydefer``) of the automata whose lines changed since:
    -1 on a contradiction, 1 when a cell narrowed, else 0."""
    global _gypn
    changed = 0
    while _gypn > 0:
        _gypn -= 1
        g = GY_PLIST[_gypn]
        GY_PEND[g] = 0
        r = _g_layered(base, g, 1)
        _g_undue()  # the forms on its cells run in the next _g_forms, not here
        if r < 0:
            _g_pending_clear()
            return -1
        if r:
            changed = 1
            for k in range(G_YSTART[g], G_YSTART[g + 1]):
                GS[base + G_YCELLS[k]] = 0  # seen as changed by _g_forms
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(g=cython.int)
@cython.returns(cython.void)
def _g_pending_clear() -> None:
    """No exact pass due (a propagation broke, or a search starts)."""
    global _gypn
    while _gypn > 0:
        _gypn -= 1
        GY_PEND[GY_PLIST[_gypn]] = 0


@cython.cfunc
@cython.inline
@cython.exceptval(check=False)
@cython.locals(key=cython.uint, h=cython.uint, prod=cython.ulonglong, slot=cython.int)
@cython.returns(cython.int)
def _gy_find(key: int) -> int:
    """The pair numbered ``key`` in this pass's hash table: its slot's pair, or -1-slot
    of the empty slot where it would go."""
    prod = key
    prod = (prod * _GOLDEN) & _M32
    h = prod >> 19  # the 13 high bits of a 32-bit product
    while GH_STAMP[h] == _ghgen:
        if GH_KEY[h] == key:
            return GH_PAIR[h]
        h = (h + 1) & 8191
    slot = h
    return -1 - slot


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, n=cython.int, l0=cython.int, i=cython.int, p=cython.int,
               q=cython.int, t=cython.int, np=cython.int, end=cython.int, slot=cython.int,
               m=cython.uint, rest=cython.uint, low=cython.uint, used=cython.uint,
               key=cython.uint, sup=cython.uint, alive=cython.int)
@cython.returns(cython.int)
def _g_layered_distinct(base: int, n: int, l0: int) -> int:
    """The automaton's exact support when the line's digits all differ: its states
    paired with the digits used so far, forward then back, as in ``_g_layered``, over
    the cells' supports in ``GD_SUP``, which it narrows. 0 when it gave up (more than
    768 pairs: the supports stay), -1 when no line fits, else 1."""
    global _ghgen
    _ghgen += 1
    if _ghgen == 0:
        for i in range(8192):
            GH_STAMP[i] = 0
        _ghgen = 1
    GP_STATE[0] = G_YLAYER[l0]
    GP_USED[0] = 0
    GP_LSTART[0] = 0
    np = 1
    for i in range(n):
        end = np
        GP_LSTART[i + 1] = end
        m = GD_SUP[i]
        for p in range(GP_LSTART[i], end):
            used = GP_USED[p]
            rest = m & ~used & G_YOK[GP_STATE[p]]
            while rest:
                low = rest & -rest
                rest ^= low
                t = G_YNEXT[GP_STATE[p] * _gn + _ctz(low)]
                key = t
                key = key << 16 | used | low
                slot = _gy_find(key)
                if slot < 0:
                    if np >= 768:
                        return 0
                    slot = -1 - slot
                    GH_STAMP[slot] = _ghgen
                    GH_KEY[slot] = key
                    GH_PAIR[slot] = np
                    GP_STATE[np] = t
                    GP_USED[np] = used | low
                    np += 1
    GP_LSTART[n + 1] = np
    if GP_LSTART[n] == np:
        return -1
    for p in range(GP_LSTART[n], np):
        GP_ALIVE[p] = 1
    for i in range(n - 1, -1, -1):
        m = GD_SUP[i]
        sup = 0
        for p in range(GP_LSTART[i], GP_LSTART[i + 1]):
            used = GP_USED[p]
            alive = 0
            rest = m & ~used & G_YOK[GP_STATE[p]]
            while rest:
                low = rest & -rest
                rest ^= low
                t = G_YNEXT[GP_STATE[p] * _gn + _ctz(low)]
                key = t
                q = _gy_find(key << 16 | used | low)
                if q >= 0 and GP_ALIVE[q]:
                    sup |= low
                    alive = 1
            GP_ALIVE[p] = alive
        GD_SUP[i] = sup
    return 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, cell=cython.int, k=cython.int, f=cython.int, r=cython.int,
               m=cython.uint, changed=cython.int)
@cython.returns(cython.int)
def _g_forms(base: int) -> int:
    """Revise the compiled forms on the cells changed since the forms last saw them, to
    a fixed point; queues new singles. -1 on a contradiction, 1 when a cell narrowed."""
    global _gfqn, _gfqn2
    _gfqn = 0
    _gfqn2 = 0
    for cell in range(_gncells):
        if G_FSTART[cell] == G_FSTART[cell + 1]:
            continue
        m = GC[base + cell]
        if m != GS[base + cell]:
            GS[base + cell] = m
            for k in range(G_FSTART[cell], G_FSTART[cell + 1]):
                _g_due(G_FLIST[k])
    changed = 0
    while _gfqn > 0 or _gfqn2 > 0:
        if _gfqn > 0:
            _gfqn -= 1
            f = GFQ[_gfqn]
        else:
            _gfqn2 -= 1
            f = GFQ2[_gfqn2]
        GFD[f] = 0
        if f < _gnsets:
            r = _g_set(base, f)
        elif f < _gnsets + _gnsums:
            r = _g_sum(base, f - _gnsets)
        elif f < _gnsets + _gnsums + _gnconts:
            r = _g_contains(base, f - _gnsets - _gnsums)
        else:
            r = _g_layered(base, f - _gnsets - _gnsums - _gnconts, 0)
        if r < 0:
            if f < _gnsets:
                _g_blame(G_SSTART[f], G_SSTART[f + 1], 1)
            elif f < _gnsets + _gnsums:
                _g_blame(G_LSTART[f - _gnsets], G_LSTART[f - _gnsets + 1], 2)
            _g_undue()
            return -1
        if r:
            changed = 1
    return changed


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(k=cython.int, a=cython.int, b=cython.int)
@cython.returns(cython.void)
def _g_blame(a: int, b: int, cells: int) -> None:
    """Add one to the conflict weight of the cells listed at ``a:b`` of a cell table
    (``cells``: 0 houses' cells, 1 digit-set groups' cells, 2 linear sums' cells)."""
    for k in range(a, b):
        if cells == 0:
            GW[G_HCELLS[k]] += 1
        elif cells == 1:
            GW[G_SCELLS[k]] += 1
        else:
            GW[G_LCELLS[k]] += 1


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, cell=cython.int, p=cython.int, nb=cython.int, k=cython.int,
               h=cython.int, d=cython.int, m=cython.uint, c=cython.uint, new=cython.uint,
               once=cython.uint, twice=cython.uint, unique=cython.uint, bit=cython.uint,
               r=cython.int, fixed=cython.uint)
@cython.returns(cython.bint)
def _g_propagate(base: int) -> bool:
    """Singles to a fixed point on the candidates at ``base``; False on a contradiction."""
    global _gqn
    while True:
        while _gqn > 0:
            _gqn -= 1
            cell = GQ[_gqn]
            if GA[base + cell]:
                continue
            m = GC[base + cell]
            if m == 0:
                GW[cell] += 1
                return False
            if m & (m - 1):
                continue
            GA[base + cell] = 1
            for k in range(G_PSTART[cell], G_PSTART[cell + 1]):
                p = G_PEERS[k]
                c = GC[base + p]
                if c & m:
                    c ^= m
                    if c == 0:
                        GW[p] += 1
                        return False
                    GC[base + p] = c
                    if (c & (c - 1)) == 0:
                        GQ[_gqn] = p
                        _gqn += 1
            if G_ASTART[cell] != G_ASTART[cell + 1]:
                d = _ctz(m)
                for k in range(G_ASTART[cell], G_ASTART[cell + 1]):
                    nb = G_ANB[k]
                    c = GC[base + nb]
                    new = c & G_TABLES[G_ATAB[k] * 16 + d]
                    if new != c:
                        if new == 0:
                            GW[nb] += 1
                            return False
                        GC[base + nb] = new
                        if (new & (new - 1)) == 0:
                            GQ[_gqn] = nb
                            _gqn += 1
        for h in range(_gnhouses):
            once = 0
            twice = 0
            fixed = 0  # the digits of the house's decided cells: no hidden single to look for
            for k in range(G_HSTART[h], G_HSTART[h + 1]):
                m = GC[base + G_HCELLS[k]]
                twice |= once & m
                once |= m
                if (m & (m - 1)) == 0:
                    fixed |= m
            if once != _gall:
                _g_blame(G_HSTART[h], G_HSTART[h + 1], 0)
                return False
            unique = once & ~twice & ~fixed
            while unique:
                bit = unique & -unique
                unique ^= bit
                for k in range(G_HSTART[h], G_HSTART[h + 1]):
                    cell = G_HCELLS[k]
                    m = GC[base + cell]
                    if m & bit:
                        if m != bit:
                            GC[base + cell] = bit
                            GQ[_gqn] = cell
                            _gqn += 1
                        break
        if _gqn == 0 and _gnarcs > 0 and not _g_revise_arcs(base):
            return False
        if _gqn == 0 and _gnforms > 0:
            r = _g_forms(base)
            if r < 0:
                return False
            if r:
                continue  # narrowed cells: the houses and relations look again
        if _gqn == 0 and _gnipairs > 0:
            r = _g_intersections(base)
            if r < 0:
                return False
            if r:
                continue  # narrowed cells: singles and hidden singles look again
        if _gqn == 0 and _gypn > 0:
            r = _g_pending(base)
            if r < 0:
                return False
            if r:
                continue
        if _gqn == 0:
            return True


@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, cell=cython.int, nb=cython.int, k=cython.int, t=cython.int,
               m=cython.uint, c=cython.uint, new=cython.uint, allowed=cython.uint,
               rest=cython.uint, low=cython.uint, changed=cython.bint, n=cython.int)
@cython.returns(cython.bint)
def _g_revise_arcs(base: int) -> bool:
    """Arc consistency on the relations: keep a digit in a related cell only while the
    cell at the other end still has a digit the relation allows beside it. Repeats to a
    fixed point; queues new singles; False when a cell loses its last candidate."""
    global _gqn
    changed = True
    while changed:
        changed = False
        for cell in range(_gncells):
            if GA[base + cell] or G_ASTART[cell] == G_ASTART[cell + 1]:
                continue
            m = GC[base + cell]
            n = _pop16(m)
            for k in range(G_ASTART[cell], G_ASTART[cell + 1]):
                if n > G_TKMAX[G_ATAB[k]]:
                    continue
                t = G_ATAB[k] * 16
                allowed = 0
                rest = m
                while rest:
                    low = rest & -rest
                    rest ^= low
                    allowed |= G_TABLES[t + _ctz(low)]
                nb = G_ANB[k]
                c = GC[base + nb]
                new = c & allowed
                if new != c:
                    if new == 0:
                        GW[nb] += 1
                        return False
                    GC[base + nb] = new
                    changed = True
                    if (new & (new - 1)) == 0:
                        GQ[_gqn] = nb
                        _gqn += 1
    return True



@cython.cfunc
@cython.exceptval(check=False)
@cython.locals(base=cython.int, h=cython.int, k=cython.int, m=cython.uint, once=cython.uint,
               twice=cython.uint, thrice=cython.uint, two=cython.uint, bit=cython.uint,
               w=cython.longlong, bestw=cython.longlong, first=cython.int)
@cython.returns(cython.bint)
def _g_house_split(base: int) -> bool:
    """Find a digit with exactly two places left in a full house, the one whose two
    places carry the most conflict weight (the first such on a tie): its first place in
    ``_gsplit``, the digit (a mask) in ``_gsbit``. False when there is none."""
    global _gsplit, _gsbit, _gsw
    bestw = -1
    for h in range(_gnhouses):
        once = 0
        twice = 0
        thrice = 0
        for k in range(G_HSTART[h], G_HSTART[h + 1]):
            m = GC[base + G_HCELLS[k]]
            thrice |= twice & m
            twice |= once & m
            once |= m
        two = twice & ~thrice
        while two:
            bit = two & -two
            two ^= bit
            w = 0
            first = -1
            for k in range(G_HSTART[h], G_HSTART[h + 1]):
                if GC[base + G_HCELLS[k]] & bit:
                    w += GW[G_HCELLS[k]]
                    if first < 0:
                        first = G_HCELLS[k]
            if w > bestw:
                bestw = w
                _gsplit = first
                _gsbit = bit
    _gsw = bestw
    return bestw >= 0

@cython.cfunc
@cython.exceptval(-1, check=False)
@cython.locals(lvl=cython.int, base=cython.int, nb=cython.int, cell=cython.int,
               best=cython.int, bestn=cython.int, n=cython.int, j=cython.int,
               m=cython.uint, bit=cython.uint, ties=cython.int, w=cython.longlong,
               bestw=cython.longlong)
@cython.returns(cython.int)
def _g_search(lvl: int) -> int:
    """Depth-first search from the candidates of level ``lvl``; counts into ``_gnsol``.

    1 when the whole search must end (the limit, or a bound: ``_stop``), else 0.
    """
    global _gnsol, _gqn
    base = lvl * 256
    while True:
        if not _g_propagate(base):
            _gqn = 0
            return 0
        best = -1
        bestn = 17
        if _grand:  # a restart: a random cell among the best by dom/wdeg
            ties = 0
            bestw = 1
            for cell in range(_gncells):
                m = GC[base + cell]
                if m & (m - 1):
                    n = _pop16(m)
                    w = GW[cell] + 1
                    if n * bestw < bestn * w:
                        best = cell
                        bestn = n
                        bestw = w
                        ties = 1
                    elif n * bestw == bestn * w:
                        ties += 1
                        if _rand() % ties == 0:
                            best = cell
        else:  # the fewest candidates per conflict weight (dom/wdeg)
            bestw = 1
            for cell in range(_gncells):
                m = GC[base + cell]
                if m & (m - 1):
                    n = _pop16(m)
                    w = GW[cell] + 1
                    if n * bestw < bestn * w:
                        best = cell
                        bestn = n
                        bestw = w
        if best < 0:
            for cell in range(_gncells):
                m = GC[base + cell]
                if GGIV[cell] and GGIV[cell] != _ctz(m) + 1:
                    return 0
            if _gnsol == 0:
                for cell in range(_gncells):
                    GSOL[cell] = _ctz(GC[base + cell]) + 1
            _gnsol += 1
            return 0
        # A digit with two places left in a full house splits the search in two as
        # well as a cell with two candidates does: try its first place, then (at this
        # level) its second, which the house's hidden single places. Only where no
        # rule has a compiled form: there, relations alone (thermometers, dots) leave
        # most cells wide open and this halves the tree or better (19 two-cell
        # thermometers and no givens: 5.2M branches down to 0.6M), while cages and
        # sums teach dom/wdeg better cells than any house offers (a weighted split
        # there too: 45% more branches on the little killers of the stress set). The
        # split taken is the one whose two places carry the most conflict weight, and
        # it wins over a cell of two candidates when its places' mean weight is above
        # the cell's (the same puzzle: 0.6M branches down to 0.11M).
        if _gnforms == 0 and _g_house_split(base) and (bestn > 2 or _gsw > 2 * bestw):
            best = _gsplit
            bit = _gsbit
            nb = base + 256
            if _tick():
                return 1
            for j in range(_gncells):
                GC[nb + j] = GC[base + j]
                GA[nb + j] = GA[base + j]
            GC[nb + best] = bit  # (no forms: no GS to copy)
            GQ[0] = best
            _gqn = 1
            if _g_search(lvl + 1) or _gnsol >= _glimit:
                return 1
            if _tick():
                return 1
            m = GC[base + best] & ~bit
            GC[base + best] = m
            _gqn = 0
            if (m & (m - 1)) == 0:
                GQ[0] = best
                _gqn = 1
            continue
        m = GC[base + best]
        nb = base + 256
        while m & (m - 1):
            bit = m & -m
            if _grand:  # a restart: the digits in a random order
                n = _rand() % _pop16(m)
                while n:
                    bit = (m & ~(bit | (bit - 1))) & -(m & ~(bit | (bit - 1)))
                    n -= 1
            m ^= bit
            if _tick():
                return 1
            for j in range(_gncells):
                GC[nb + j] = GC[base + j]
                GA[nb + j] = GA[base + j]
            if _gnforms:
                for j in range(_gncells):
                    GS[nb + j] = GS[base + j]
            GC[nb + best] = bit
            GQ[0] = best
            _gqn = 1
            if _g_search(lvl + 1) or _gnsol >= _glimit:
                return 1
        if _tick():
            return 1
        GC[base + best] = m
        GQ[0] = best
        _gqn = 1


def gen_search(
    spec: CompiledLayout,
    givens: Sequence[int],
    limit: int = 1,
    max_nodes: int = -1,
    deadline: float = 0.0,
) -> tuple[int, tuple[int, ...] | None, int, int]:
    """(solutions counted up to ``limit``, the first one or None, why the search stopped
    before it was done, branches taken) of ``givens`` (0 = blank) on a compiled layout.

    The layout is loaded into the tables first unless it is the one they hold; ValueError
    when it does not fit them (``gen_fits``) or ``givens`` has the wrong length. The stop
    is as for ``c9_search``.
    """
    global _gspec
    with LOCK:
        if spec is not _gspec:
            _gspec = spec if _gen_load(spec) else None
            if _gspec is None:
                raise ValueError("the layout does not fit the generic engine's tables")
        return _gen_run(givens, limit, max_nodes, deadline)


@cython.locals(limit=cython.int, share=cython.longlong, cell=cython.int)
def _gen_run(
    givens: Sequence[int], limit: int, max_nodes: int, deadline: float
) -> tuple[int, tuple[int, ...] | None, int, int]:
    """``gen_search`` on the loaded layout, under the lock.

    ``max_nodes`` and ``deadline`` bound the search. The conflict
    weights start at zero. A run that takes more than 2**20 branches (``restarts``)
    starts again with ties between the best cells, and the digits, taken in a random
    order (a fixed seed, so the same call gives the same answer), each run allowed twice
    the branches of the one before, so a search that went wrong early does not take the
    whole time. Only a run that ends is counted, so the count is exact.
    """
    global _gnsol, _glimit, _gqn, _runcap, _grand, _stop, _rng, _gydefer
    if len(givens) != _gncells:
        raise ValueError(f"expected {_gncells} givens, got {len(givens)}")
    _bounds(max_nodes, deadline)
    _glimit = limit
    _rng = 20261123
    share = _restart_first
    for cell in range(_gncells):
        GW[cell] = 0
    while True:
        _gnsol = 0
        _gqn = 0
        _g_pending_clear()
        if limit < 1 or not _g_start(givens):
            return 0, None, 0, _snodes
        _runcap = _snodes + share if share >= 0 else -1
        _gydefer = 1
        try:
            _g_search(0)
        finally:
            _gqn = 0
            _gydefer = 0
            _g_pending_clear()
        if _stop != 3:
            break
        _stop = 0
        _grand = 1
        share *= 2
    _runcap = -1
    if _gnsol == 0:
        return 0, None, _stop, _snodes
    return _gnsol, tuple([GSOL[cell] for cell in range(_gncells)]), _stop, _snodes


@cython.locals(cell=cython.int, v=cython.int, bit=cython.uint)
def _g_start(givens: Sequence[int]) -> bool:
    """Put the givens at level 0 and queue the cells already decided; False when a given
    is not a digit of the layout or a cell mask forbids it."""
    global _gqn
    for cell in range(1024):  # the exact line passes start afresh (gen_propagate too)
        GY_GIVEUP[cell] = 0xFFFF
    for cell in range(_gncells):
        v = givens[cell]
        GC[cell] = G_MASK0[cell]
        GA[cell] = 0
        GS[cell] = 0
        GGIV[cell] = 0
        if v:
            if not 1 <= v <= _gn:
                return False
            bit = 1 << (v - 1)
            if not GC[cell] & bit:
                return False
            GC[cell] = bit
            GGIV[cell] = v
        if (GC[cell] & (GC[cell] - 1)) == 0:
            GQ[_gqn] = cell
            _gqn += 1
    return True


@cython.locals(cell=cython.int, ok=cython.bint)
def gen_propagate(spec: CompiledLayout, givens: Sequence[int]) -> tuple[int, ...] | None:
    """The candidate masks the generic engine's propagation leaves from ``givens`` on a
    compiled layout, before any branch; None when it finds a contradiction. For tests:
    the search never needs them."""
    global _gspec, _gqn
    with LOCK:
        if spec is not _gspec:
            _gspec = spec if _gen_load(spec) else None
            if _gspec is None:
                raise ValueError("the layout does not fit the generic engine's tables")
        if len(givens) != _gncells:
            raise ValueError(f"expected {_gncells} givens, got {len(givens)}")
        _gqn = 0
        if not _g_start(givens):
            return None
        try:
            ok = _g_propagate(0)
        finally:
            _gqn = 0
        if not ok:
            return None
        return tuple([GC[cell] for cell in range(_gncells)])


@cython.locals(cell=cython.int, ok=cython.bint, m=cython.uint)
def _g_settle(spec: CompiledLayout, masks: Sequence[int]) -> bool:
    """Load ``spec`` if needed, put ``masks`` at level 0 and propagate (the lock held)."""
    global _gspec, _gqn
    if spec is not _gspec:
        _gspec = spec if _gen_load(spec) else None
        if _gspec is None:
            raise ValueError("the layout does not fit the generic engine's tables")
    if len(masks) != _gncells:
        raise ValueError(f"expected {_gncells} masks, got {len(masks)}")
    for cell in range(1024):
        GY_GIVEUP[cell] = 0xFFFF
    _gqn = 0
    for cell in range(_gncells):
        m = masks[cell] & G_MASK0[cell]
        GC[cell] = m
        GA[cell] = 0
        GS[cell] = 0
        GGIV[cell] = 0
        GW[cell] = 0
        if (m & (m - 1)) == 0:
            GQ[_gqn] = cell
            _gqn += 1
    try:
        ok = _g_propagate(0)
    finally:
        _gqn = 0
    return ok


@cython.locals(cell=cython.int)
def gen_settle(spec: CompiledLayout, masks: Sequence[int]) -> tuple[int, ...] | None:
    """The candidate masks the generic engine's propagation leaves from ``masks`` (one
    digit mask a cell, a placed cell's mask its one digit), before any branch; None when
    it finds a contradiction. What the logic solver's trials (speculation, forcing nets
    over rules) run: the same propagation as the search's, from any candidate state."""
    with LOCK:
        if not _g_settle(spec, masks):
            return None
        return tuple([GC[cell] for cell in range(_gncells)])


@cython.locals(cell=cython.int)
def gen_conflict(spec: CompiledLayout, masks: Sequence[int]) -> tuple[int, ...] | None:
    """Where ``gen_settle`` from ``masks`` breaks: the cells its contradiction blames (a
    cell left without a candidate, or the cells of a house, group or sum that cannot be
    completed); None when it does not break."""
    with LOCK:
        if _g_settle(spec, masks):
            return None
        return tuple([cell for cell in range(_gncells) if GW[cell]])


@cython.locals(cell=cython.int, j=cython.int, n=cython.int, picked=cython.int, nb=cython.int,
               lost=cython.int, first_cell=cython.int, first_digit=cython.int,
               m=cython.uint, rest=cython.uint, bit=cython.uint, u=cython.uint,
               alive=cython.bint, narrowed=cython.bint, changed=cython.bint, ok=cython.bint)
def gen_probe(
    spec: CompiledLayout, masks: Sequence[int], cells: int, most: int
) -> tuple[bool, int, int]:
    """A nested trial: from ``masks`` (propagated first), the open cells with the fewest
    candidates (up to ``cells`` of them, each with at most ``most``) are probed in turn:
    each candidate set and propagated; the candidates no surviving trial keeps go (those
    whose trial breaks among them), and the state is propagated again; passes repeat
    while anything narrows. Returns (the state holds, the first cell that narrowed it
    or -1, a digit that cell lost by a contradiction or 0)."""
    global _gqn
    with LOCK:
        if not _g_settle(spec, masks):
            return False, -1, 0
        first_cell = -1
        first_digit = 0
        nb = 256
        changed = True
        while changed:
            changed = False
            picked = 0
            for n in range(2, most + 1):
                cell = 0
                while cell < _gncells and picked < cells:
                    m = GC[cell]
                    if _pop16(m) != n:
                        cell += 1
                        continue
                    picked += 1
                    for j in range(_gncells):
                        GU[j] = 0
                    alive = False
                    lost = 0
                    rest = m
                    while rest:
                        bit = rest & -rest
                        rest ^= bit
                        for j in range(_gncells):
                            GC[nb + j] = GC[j]
                            GA[nb + j] = GA[j]
                        if _gnforms:
                            for j in range(_gncells):
                                GS[nb + j] = GS[j]
                        GC[nb + cell] = bit
                        GQ[0] = cell
                        _gqn = 1
                        try:
                            ok = _g_propagate(nb)
                        finally:
                            _gqn = 0
                        if ok:
                            alive = True
                            for j in range(_gncells):
                                GU[j] |= GC[nb + j]
                        elif lost == 0:
                            lost = _ctz(bit) + 1
                    if not alive:
                        if first_cell < 0:
                            first_cell = cell
                            first_digit = lost
                        return False, first_cell, first_digit
                    narrowed = False
                    for j in range(_gncells):
                        u = GC[j] & GU[j]
                        if u != GC[j]:
                            GC[j] = u
                            narrowed = True
                            if (u & (u - 1)) == 0:
                                GQ[_gqn] = j
                                _gqn += 1
                    if narrowed:
                        if first_cell < 0:
                            first_cell = cell
                            first_digit = lost
                        try:
                            ok = _g_propagate(0)
                        finally:
                            _gqn = 0
                        if not ok:
                            return False, first_cell, first_digit
                        changed = True
                    cell += 1
        return True, first_cell, first_digit


@cython.locals(i=cython.int, n=cython.int)
def solution_text(values: Sequence[int]) -> str:
    """A solution as one line of digit characters."""
    n = len(values)
    return "".join([_DIGITS[values[i] - 1] for i in range(n)])
