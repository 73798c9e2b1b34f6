/* The draws of random.Random(key), for bots that reseed once per decision (bots.simple).

   A simulation's default bot decides from random.Random(bot_seed(seed, seat, version)) at
   every position, so each decision seeds CPython's Mersenne Twister afresh: init_by_array is
   a chain of ~1,900 dependent multiplications (~4 us), most of a decision's cost. This module
   gives the same draws (getrandbits, random) for the same key, cheaper:

   - init_genrand(19650218), the first step of every seeding, is the same for every key: it is
     computed once;
   - keys are seeded 16 at a time, one key per lane of two 8-lane vectors (AVX2 where the
     CPU has it): a step of init_by_array is a few vector instructions for all 16 chains,
     in about the time one chain's step takes (its multiplication's latency bounds it);
   - which 16: the same seat's next `batch` positions (key + stride * i, stride 256 with
     bot_seed's layout: a seat's turn is a run of decisions) and the next `batch` positions
     of the seat that followed this one last time (learnt: it usually decides next);
   - the twist runs lazily, word by word, for the first 227 outputs (a decision draws a few).

   Exactly CPython's _randommodule.c (init_by_array, genrand_uint32, random_random,
   getrandbits) otherwise; tests/bots/test_bots_keyed_stream.py holds every draw to
   random.Random's. Keys must be 0 <= key < 2**128 (others: ValueError; callers then use
   random.Random). Optional: without a C compiler, bots.simple uses random.Random. */

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define N 624
#define M 397
#define MATRIX_A 0x9908b0dfU
#define UPPER_MASK 0x80000000U
#define LOWER_MASK 0x7fffffffU
#define LANES 16    /* keys seeded together: the lanes of one seeding */
#define MAX_BATCH 8 /* positions of a seat seeded together (and as many of its successor) */
#define MAX_SEATS 256 /* seats learnt (key mod stride, for a power-of-two stride) */
#define KEY_WORDS 4
#define ADD_PERIOD 12 /* a multiple of every key length (1..KEY_WORDS words) */

static uint32_t genrand_base[N]; /* init_genrand(19650218) */

typedef struct {
    uint32_t words[KEY_WORDS];
    int used; /* 32-bit words CPython's seeding uses (at least 1); 0: empty slot */
} Key;

typedef struct {
    PyObject_HEAD
    int batch;
    uint64_t stride;
    int last_seat;             /* the seat of the last key (-1: none, or stride not learnt) */
    short next_seat[MAX_SEATS]; /* per seat, the seat that last decided after it (-1: none) */
    Key keys[LANES];
    uint32_t seeded[N][LANES]; /* word i of slot w's state after init_by_array: [i][w] */
    const uint32_t *current;   /* &seeded[0][slot]: its word i at current[i * LANES] */
    int lazy;                      /* 1: out[i] computed from current on demand */
    int index;                     /* the next output */
    uint32_t out[N];               /* the twisted state (when not lazy) */
} Stream;

static void
init_genrand(uint32_t *mt, uint32_t s)
{
    mt[0] = s;
    for (int i = 1; i < N; i++) {
        mt[i] = 1812433253U * (mt[i - 1] ^ (mt[i - 1] >> 30)) + (uint32_t)i;
    }
}

/* The per-lane addend of init_by_array's first loop at step t: key word j + j, j = t mod the
   key's length, for t mod ADD_PERIOD. */
static void
key_addends(const Key *keys, uint32_t (*add)[LANES])
{
    for (int t = 0; t < ADD_PERIOD; t++) {
        for (int w = 0; w < LANES; w++) {
            int j = t % keys[w].used;
            add[t][w] = keys[w].words[j] + (uint32_t)j;
        }
    }
}

#if defined(__GNUC__) && !defined(KEYEDRNG_SCALAR)
/* CPython's init_by_array for LANES keys at once, one key per lane: the chains are
   independent, so each step is a handful of vector instructions for all of them (two
   vectors of VL lanes, whose steps overlap). Unrolled as init_by_array runs: the first
   loop's 623 steps from the constant init_genrand state, its 624th on word 1 again (after
   the wrap), the second loop's 622 steps, its 623rd on word 1; mt[0] is only ever the
   previous word (kept in p, q) until it becomes 0x80000000. */
#define VL 8 /* lanes per vector: LANES == 2 * VL */
typedef uint32_t lanes_t __attribute__((vector_size(4 * VL)));

static inline __attribute__((always_inline)) void
seed_lanes_body(uint32_t (*mt)[LANES], const Key *keys)
{
    uint32_t add_words[ADD_PERIOD][LANES];
    lanes_t add[ADD_PERIOD][2], p, q, x, y;
    key_addends(keys, add_words);
    memcpy(add, add_words, sizeof add);
    p = (lanes_t){0} + genrand_base[0];
    q = p;
    int r = 0;
    for (int i = 1; i < N; i++) {
        p = (genrand_base[i] ^ ((p ^ (p >> 30)) * 1664525U)) + add[r][0];
        q = (genrand_base[i] ^ ((q ^ (q >> 30)) * 1664525U)) + add[r][1];
        memcpy(mt[i], &p, sizeof p);
        memcpy(mt[i] + VL, &q, sizeof q);
        r = r + 1 == ADD_PERIOD ? 0 : r + 1;
    }
    memcpy(&x, mt[1], sizeof x);
    memcpy(&y, mt[1] + VL, sizeof y);
    p = (x ^ ((p ^ (p >> 30)) * 1664525U)) + add[r][0];
    q = (y ^ ((q ^ (q >> 30)) * 1664525U)) + add[r][1];
    memcpy(mt[1], &p, sizeof p);
    memcpy(mt[1] + VL, &q, sizeof q);
    for (int i = 2; i < N; i++) {
        memcpy(&x, mt[i], sizeof x);
        memcpy(&y, mt[i] + VL, sizeof y);
        p = (x ^ ((p ^ (p >> 30)) * 1566083941U)) - (uint32_t)i;
        q = (y ^ ((q ^ (q >> 30)) * 1566083941U)) - (uint32_t)i;
        memcpy(mt[i], &p, sizeof p);
        memcpy(mt[i] + VL, &q, sizeof q);
    }
    memcpy(&x, mt[1], sizeof x);
    memcpy(&y, mt[1] + VL, sizeof y);
    p = (x ^ ((p ^ (p >> 30)) * 1566083941U)) - 1U;
    q = (y ^ ((q ^ (q >> 30)) * 1566083941U)) - 1U;
    memcpy(mt[1], &p, sizeof p);
    memcpy(mt[1] + VL, &q, sizeof q);
    for (int w = 0; w < LANES; w++) {
        mt[0][w] = 0x80000000U;
    }
}

static void
seed_lanes_generic(uint32_t (*mt)[LANES], const Key *keys)
{
    seed_lanes_body(mt, keys);
}

#if defined(__x86_64__) || defined(__i386__)
#define HAVE_AVX2_PATH 1
__attribute__((target("avx2"))) static void
seed_lanes_avx2(uint32_t (*mt)[LANES], const Key *keys)
{
    seed_lanes_body(mt, keys);
}
#endif

#else
/* No vector extensions: the same steps, lane after lane. */
static void
seed_lanes_generic(uint32_t (*mt)[LANES], const Key *keys)
{
    uint32_t add[ADD_PERIOD][LANES];
    key_addends(keys, add);
    for (int w = 0; w < LANES; w++) {
        uint32_t p = genrand_base[0];
        int r = 0;
        for (int i = 1; i < N; i++) {
            p = (genrand_base[i] ^ ((p ^ (p >> 30)) * 1664525U)) + add[r][w];
            mt[i][w] = p;
            r = r + 1 == ADD_PERIOD ? 0 : r + 1;
        }
        p = (mt[1][w] ^ ((p ^ (p >> 30)) * 1664525U)) + add[r][w];
        mt[1][w] = p;
        for (int i = 2; i < N; i++) {
            p = (mt[i][w] ^ ((p ^ (p >> 30)) * 1566083941U)) - (uint32_t)i;
            mt[i][w] = p;
        }
        mt[1][w] = (mt[1][w] ^ ((p ^ (p >> 30)) * 1566083941U)) - 1U;
        mt[0][w] = 0x80000000U;
    }
}
#endif

static int use_avx2 = 0; /* set at import where the CPU has AVX2 (see set_vector) */

/* The states after init_by_array of the LANES keys (each of at most KEY_WORDS words). */
static void
seed_lanes(uint32_t (*mt)[LANES], const Key *keys)
{
#ifdef HAVE_AVX2_PATH
    if (use_avx2) {
        seed_lanes_avx2(mt, keys);
        return;
    }
#endif
    seed_lanes_generic(mt, keys);
}

static void
twist(uint32_t *mt)
{
    static const uint32_t mag01[2] = {0x0U, MATRIX_A};
    uint32_t y;
    int kk;
    for (kk = 0; kk < N - M; kk++) {
        y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + M] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    for (; kk < N - 1; kk++) {
        y = (mt[kk] & UPPER_MASK) | (mt[kk + 1] & LOWER_MASK);
        mt[kk] = mt[kk + (M - N)] ^ (y >> 1) ^ mag01[y & 0x1U];
    }
    y = (mt[N - 1] & UPPER_MASK) | (mt[0] & LOWER_MASK);
    mt[N - 1] = mt[M - 1] ^ (y >> 1) ^ mag01[y & 0x1U];
}

static uint32_t
next_word(Stream *s)
{
    uint32_t y;
    int i = s->index;
    if (s->lazy) {
        if (i < N - M) { /* the twist's first part reads only the seeded state */
            const uint32_t *mt = s->current;
            y = (mt[i * LANES] & UPPER_MASK) | (mt[(i + 1) * LANES] & LOWER_MASK);
            y = mt[(i + M) * LANES] ^ (y >> 1) ^ ((y & 0x1U) ? MATRIX_A : 0x0U);
        }
        else {
            for (int k = 0; k < N; k++) {
                s->out[k] = s->current[k * LANES];
            }
            twist(s->out);
            s->lazy = 0;
            y = s->out[i];
        }
    }
    else {
        if (i >= N) {
            twist(s->out);
            i = 0;
        }
        y = s->out[i];
    }
    s->index = i + 1;
    y ^= (y >> 11);
    y ^= (y << 7) & 0x9d2c5680U;
    y ^= (y << 15) & 0xefc60000U;
    y ^= (y >> 18);
    return y;
}

/* the key lo + hi * 2**64 as the 32-bit words CPython seeds with (as many as it needs) */
static void
set_key(Key *key, uint64_t lo, uint64_t hi)
{
    key->words[0] = (uint32_t)lo;
    key->words[1] = (uint32_t)(lo >> 32);
    key->words[2] = (uint32_t)hi;
    key->words[3] = (uint32_t)(hi >> 32);
    int used = KEY_WORDS;
    while (used > 1 && key->words[used - 1] == 0) {
        used--;
    }
    key->used = used;
}

/* key -> its words as CPython's random_seed takes them; -1 with ValueError if unsupported. */
static int
key_from(PyObject *arg, Key *key)
{
    if (!PyLong_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "the key must be an int");
        return -1;
    }
    if (_PyLong_Sign(arg) < 0) {
        PyErr_SetString(PyExc_ValueError, "the key must not be negative");
        return -1;
    }
    size_t bits = _PyLong_NumBits(arg);
    if (bits == (size_t)-1 && PyErr_Occurred()) {
        return -1;
    }
    if (bits > 128) {
        PyErr_SetString(PyExc_ValueError, "the key must be below 2**128");
        return -1;
    }
    uint64_t lo = PyLong_AsUnsignedLongLongMask(arg);
    if (lo == (uint64_t)-1 && PyErr_Occurred()) {
        return -1;
    }
    uint64_t hi = 0;
    if (bits > 64) {
        PyObject *shift = PyLong_FromLong(64);
        PyObject *high = shift ? PyNumber_Rshift(arg, shift) : NULL;
        Py_XDECREF(shift);
        if (high == NULL) {
            return -1;
        }
        hi = PyLong_AsUnsignedLongLong(high);
        Py_DECREF(high);
        if (hi == (uint64_t)-1 && PyErr_Occurred()) {
            return -1;
        }
    }
    set_key(key, lo, hi);
    return 0;
}

/* key + amount (128-bit); 0 when it would reach 2**128. */
static int
key_plus(const Key *key, uint64_t amount, Key *out)
{
    uint64_t lo = (uint64_t)key->words[0] | ((uint64_t)key->words[1] << 32);
    uint64_t hi = (uint64_t)key->words[2] | ((uint64_t)key->words[3] << 32);
    uint64_t sum = lo + amount;
    if (sum < lo) {
        if (hi == UINT64_MAX) {
            return 0;
        }
        hi++;
    }
    set_key(out, sum, hi);
    return 1;
}

static int
same_key(const Key *a, const Key *b)
{
    return a->used == b->used && memcmp(a->words, b->words, sizeof a->words) == 0;
}

/* key - (key mod stride) + seat: the same position for another seat */
static void
key_for_seat(const Key *key, int seat, uint64_t stride, Key *out)
{
    uint64_t lo = (uint64_t)key->words[0] | ((uint64_t)key->words[1] << 32);
    uint64_t hi = (uint64_t)key->words[2] | ((uint64_t)key->words[3] << 32);
    set_key(out, (lo & ~(stride - 1)) | (uint64_t)seat, hi);
}

/* Seed a batch for `key`: its next positions (key + stride * w, w < batch, while below
   2**128) and, if a seat has followed this one before, that seat's next `batch` positions
   (a seat's turn is a run of decisions; the seat after it usually decides next). The other
   lanes repeat the key and match nothing. */
static void
seed_batch(Stream *self, const Key *key, int seat)
{
    Key lanes[LANES];
    int count = 0, w;
    lanes[count++] = *key;
    for (w = 1; w < self->batch && key_plus(key, self->stride * (uint64_t)w, &lanes[count]);
         w++) {
        count++;
    }
    int next = seat >= 0 ? self->next_seat[seat] : -1;
    if (next >= 0) {
        Key base;
        key_for_seat(key, next, self->stride, &base);
        for (w = 1; w <= self->batch && key_plus(&base, self->stride * (uint64_t)w,
                                                  &lanes[count]); w++) {
            count++;
        }
    }
    for (w = count; w < LANES; w++) {
        lanes[w] = *key;
    }
    seed_lanes(self->seeded, lanes);
    for (w = 0; w < LANES; w++) {
        self->keys[w] = lanes[w];
        if (w >= count) {
            self->keys[w].used = 0;
        }
    }
}

static int
reset_to(Stream *self, PyObject *arg)
{
    Key key;
    if (key_from(arg, &key) < 0) {
        return -1;
    }
    int seat = -1;
    uint64_t stride = self->stride;
    if (stride >= 1 && stride <= MAX_SEATS && (stride & (stride - 1)) == 0) {
        seat = (int)(key.words[0] & (uint32_t)(stride - 1));
        if (self->last_seat >= 0 && self->last_seat != seat) {
            self->next_seat[self->last_seat] = (short)seat;
        }
        self->last_seat = seat;
    }
    int slot = -1;
    for (int w = 0; w < LANES; w++) {
        if (same_key(&self->keys[w], &key)) {
            slot = w;
            break;
        }
    }
    if (slot < 0) {
        seed_batch(self, &key, seat);
        slot = 0;
    }
    self->current = &self->seeded[0][slot];
    self->lazy = 1;
    self->index = 0;
    return 0;
}

static PyObject *
Stream_reset(Stream *self, PyObject *arg)
{
    if (reset_to(self, arg) < 0) {
        return NULL;
    }
    Py_RETURN_NONE;
}

static PyObject *
Stream_random(Stream *self, PyObject *Py_UNUSED(ignored))
{
    uint32_t a = next_word(self) >> 5, b = next_word(self) >> 6;
    return PyFloat_FromDouble((a * 67108864.0 + b) * (1.0 / 9007199254740992.0));
}

static PyObject *
Stream_getrandbits(Stream *self, PyObject *arg)
{
    long k = PyLong_AsLong(arg);
    if (k == -1 && PyErr_Occurred()) {
        return NULL;
    }
    if (k < 0) {
        PyErr_SetString(PyExc_ValueError, "number of bits must be non-negative");
        return NULL;
    }
    if (k == 0) {
        return PyLong_FromLong(0);
    }
    if (k <= 32) {
        return PyLong_FromUnsignedLong(next_word(self) >> (32 - k));
    }
    /* CPython fills 32-bit words from the least significant up; the last keeps its top bits */
    PyObject *result = PyLong_FromLong(0);
    long shift = 0;
    for (; k > 0 && result != NULL; k -= 32, shift += 32) {
        uint32_t r = next_word(self);
        if (k < 32) {
            r >>= (32 - k);
        }
        PyObject *word = PyLong_FromUnsignedLong(r);
        PyObject *by = PyLong_FromLong(shift);
        PyObject *moved = (word && by) ? PyNumber_Lshift(word, by) : NULL;
        PyObject *next = moved ? PyNumber_Or(result, moved) : NULL;
        Py_XDECREF(word);
        Py_XDECREF(by);
        Py_XDECREF(moved);
        Py_DECREF(result);
        result = next;
    }
    return result;
}

/* bots.picks.below: randrange(n) for 1 <= n < 2**32 (CPython's _randbelow by getrandbits) */
static Py_ssize_t
below(Stream *s, Py_ssize_t n)
{
    int k = 0;
    for (uint64_t v = (uint64_t)n; v; v >>= 1) {
        k++;
    }
    uint32_t r = next_word(s) >> (32 - k);
    while ((Py_ssize_t)r >= n) {
        r = next_word(s) >> (32 - k);
    }
    return (Py_ssize_t)r;
}

#define MAX_TYPES 32

/* choose(key, legal, end_types, end_chance): what bots.picks.pick_by_type(legal, end_types,
   end_chance, random.Random(key)) returns (pick_uniform when end_types is None); the same
   draws in the same order. ValueError: what it does not take (a key reset() refuses, legal
   not a non-empty list of dicts with a 'type', more than MAX_TYPES types): the caller then
   decides in Python. */
static PyObject *
Stream_choose(Stream *self, PyObject *const *args, Py_ssize_t nargs)
{
    if (nargs != 4) {
        PyErr_SetString(PyExc_TypeError, "choose(key, legal, end_types, end_chance)");
        return NULL;
    }
    PyObject *legal = args[1], *end_types = args[2];
    double end_chance = PyFloat_AsDouble(args[3]);
    if (end_chance == -1.0 && PyErr_Occurred()) {
        return NULL;
    }
    if (!PyList_CheckExact(legal) || PyList_GET_SIZE(legal) == 0
        || PyList_GET_SIZE(legal) >= ((Py_ssize_t)1 << 31)) {
        PyErr_SetString(PyExc_ValueError, "legal must be a non-empty list");
        return NULL;
    }
    if (end_types != Py_None && !PyAnySet_Check(end_types)) {
        PyErr_SetString(PyExc_ValueError, "end_types must be a set or None");
        return NULL;
    }
    if (reset_to(self, args[0]) < 0) {
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(legal);
    if (end_types == Py_None) {
        PyObject *action = PyList_GET_ITEM(legal, below(self, n));
        Py_INCREF(action);
        return action;
    }
    static PyObject *type_key = NULL;
    if (type_key == NULL && (type_key = PyUnicode_InternFromString("type")) == NULL) {
        return NULL;
    }
    /* the types in order of first appearance (borrowed: the actions hold them), their
       counts, and each action's type */
    PyObject *types[MAX_TYPES];
    Py_ssize_t counts[MAX_TYPES];
    unsigned char local_kinds[256];
    unsigned char *kinds = n <= 256 ? local_kinds : PyMem_Malloc((size_t)n);
    PyObject *result = NULL;
    int ntypes = 0;
    if (kinds == NULL) {
        return PyErr_NoMemory();
    }
    for (Py_ssize_t a = 0; a < n; a++) {
        PyObject *action = PyList_GET_ITEM(legal, a);
        PyObject *kind = PyDict_CheckExact(action)
            ? PyDict_GetItemWithError(action, type_key) : NULL;
        if (kind == NULL) {
            if (!PyErr_Occurred()) {
                PyErr_SetString(PyExc_ValueError, "an action that is not a dict with a 'type'");
            }
            goto done;
        }
        int t = 0;
        for (; t < ntypes; t++) {
            if (types[t] == kind) {
                break;
            }
            int eq = PyObject_RichCompareBool(types[t], kind, Py_EQ);
            if (eq < 0) {
                goto done;
            }
            if (eq) {
                break;
            }
        }
        if (t == ntypes) {
            if (ntypes == MAX_TYPES) {
                PyErr_SetString(PyExc_ValueError, "too many action types");
                goto done;
            }
            types[ntypes] = kind;
            counts[ntypes++] = 0;
        }
        counts[t]++;
        kinds[a] = (unsigned char)t;
    }
    int chosen = 0;
    if (ntypes > 1) {
        int ends[MAX_TYPES], others[MAX_TYPES], nends = 0, nothers = 0;
        for (int t = 0; t < ntypes; t++) {
            int in = PySet_Contains(end_types, types[t]);
            if (in < 0) {
                goto done;
            }
            if (in) {
                ends[nends++] = t;
            }
            else {
                others[nothers++] = t;
            }
        }
        if (nothers && nothers < ntypes) {
            uint32_t x = next_word(self) >> 5, y = next_word(self) >> 6;
            double r = (x * 67108864.0 + y) * (1.0 / 9007199254740992.0);
            chosen = r < end_chance ? ends[below(self, nends)] : others[below(self, nothers)];
        }
        else {
            chosen = (int)below(self, ntypes);
        }
    }
    Py_ssize_t pick = below(self, counts[chosen]);
    for (Py_ssize_t a = 0; a < n; a++) {
        if (kinds[a] == chosen && pick-- == 0) {
            result = PyList_GET_ITEM(legal, a);
            Py_INCREF(result);
            break;
        }
    }
done:
    if (kinds != local_kinds) {
        PyMem_Free(kinds);
    }
    return result;
}

static int
Stream_init(Stream *self, PyObject *args, PyObject *kwds)
{
    static char *kwlist[] = {"stride", "batch", NULL};
    unsigned long long stride = 256;
    int batch = 4;
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "|Ki", kwlist, &stride, &batch)) {
        return -1;
    }
    if (batch < 1 || batch > MAX_BATCH) {
        PyErr_Format(PyExc_ValueError, "batch must be 1..%d", MAX_BATCH);
        return -1;
    }
    self->stride = stride;
    self->batch = batch;
    self->last_seat = -1;
    for (int t = 0; t < MAX_SEATS; t++) {
        self->next_seat[t] = -1;
    }
    for (int w = 0; w < LANES; w++) { /* the stream starts as random.Random(0) */
        memset(self->keys[w].words, 0, sizeof self->keys[w].words);
        self->keys[w].used = 1;
    }
    seed_lanes(self->seeded, self->keys);
    for (int w = 1; w < LANES; w++) {
        self->keys[w].used = 0;
    }
    self->current = &self->seeded[0][0];
    self->lazy = 1;
    self->index = 0;
    return 0;
}

static PyMethodDef Stream_methods[] = {
    {"reset", (PyCFunction)Stream_reset, METH_O,
     "reset(key): draw from now on what random.Random(key) draws (0 <= key < 2**128)."},
    {"random", (PyCFunction)Stream_random, METH_NOARGS, "random.Random.random()"},
    {"choose", (PyCFunction)(void (*)(void))Stream_choose, METH_FASTCALL,
     "choose(key, legal, end_types, end_chance): bots.picks.pick_by_type's choice with "
     "random.Random(key) (pick_uniform's when end_types is None)."},
    {"getrandbits", (PyCFunction)Stream_getrandbits, METH_O,
     "random.Random.getrandbits(k)"},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject StreamType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "hauntkit.bots._keyedrng.KeyedStream",
    .tp_basicsize = sizeof(Stream),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "KeyedStream(stride=256, batch=4): random.Random(key)'s draws after reset(key); "
              "seeds key + stride * i (i < batch) together, and the next batch positions of "
              "the seat (key mod stride) that last followed key's.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)Stream_init,
    .tp_methods = Stream_methods,
};

static int
cpu_has_avx2(void)
{
#ifdef HAVE_AVX2_PATH
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
#else
    return 0;
#endif
}

static PyObject *
set_avx2(PyObject *Py_UNUSED(module), PyObject *arg)
{
    int on = PyObject_IsTrue(arg);
    if (on < 0) {
        return NULL;
    }
    use_avx2 = on && cpu_has_avx2();
    return PyBool_FromLong(use_avx2);
}

static PyMethodDef module_methods[] = {
    {"set_avx2", (PyCFunction)set_avx2, METH_O,
     "set_avx2(on): seed with the AVX2 code (where the CPU has it) or the generic one (the "
     "same states; tests compare both); returns whether AVX2 is now used."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef keyedrng_module = {
    PyModuleDef_HEAD_INIT, "_keyedrng",
    "random.Random(key)'s draws, seeded several keys at a time (see bots.simple).", -1,
    module_methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC
PyInit__keyedrng(void)
{
    init_genrand(genrand_base, 19650218U);
    use_avx2 = cpu_has_avx2();
    if (PyType_Ready(&StreamType) < 0) {
        return NULL;
    }
    PyObject *m = PyModule_Create(&keyedrng_module);
    if (m == NULL) {
        return NULL;
    }
    Py_INCREF(&StreamType);
    if (PyModule_AddObject(m, "KeyedStream", (PyObject *)&StreamType) < 0) {
        Py_DECREF(&StreamType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
