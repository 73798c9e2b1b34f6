/* A deep copy of JSON-shaped data in C: the compiled path of hauntkit.core.game.copy_state.
 *
 * copy_state(state, shallow) returns a copy of the dict ``state`` in which every dict and list
 * (and tuple, which becomes a list, as a JSON round trip would make it) is copied and every
 * other value (str, int, float, bool, None) is shared, being immutable. ``shallow`` maps
 * top-level keys whose values are copied one level only (their entries are shared: the
 * append-only log and history, a ruleset's immutable entries) to True. Key order is kept.
 *
 * Optional: setup.py builds it when a C compiler is there; without it the pure-Python path of
 * copy_state (an orjson round trip plus the rulesets' copy plans) gives equal copies.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>

static PyObject *copy_container(PyObject *v);

#define IS_CONTAINER(x) (PyDict_CheckExact(x) || PyList_CheckExact(x) || PyTuple_CheckExact(x))

/* a copy of ``x`` (new reference): containers copied, immutable values shared */
static inline PyObject *copy_item(PyObject *x) {
    if (IS_CONTAINER(x))
        return copy_container(x);
    if (PyDict_Check(x) || PyList_Check(x) || PyTuple_Check(x)) {
        PyErr_Format(PyExc_TypeError, "copy_state: a subclass of dict, list or tuple (%s) "
                     "is not JSON data", Py_TYPE(x)->tp_name);
        return NULL;
    }
    Py_INCREF(x);
    return x;
}

static PyObject *copy_items(Py_ssize_t n, PyObject **items) {
    PyObject *out = PyList_New(n);
    if (out == NULL)
        return NULL;
    PyObject **dst = ((PyListObject *)out)->ob_item;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *x = copy_item(items[i]);
        if (x == NULL) {
            Py_DECREF(out);
            return NULL;
        }
        dst[i] = x;
    }
    return out;
}

static PyObject *copy_dict(PyObject *d) {
    PyObject *out = PyDict_Copy(d);
    if (out == NULL)
        return NULL;
    Py_ssize_t pos = 0;
    PyObject *k, *x;
    while (PyDict_Next(d, &pos, &k, &x)) {
        if (IS_CONTAINER(x)) {
            PyObject *c = copy_container(x);
            /* replacing the value of an existing key never resizes ``out`` */
            if (c == NULL || PyDict_SetItem(out, k, c) < 0) {
                Py_XDECREF(c);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(c);
        } else if (PyDict_Check(x) || PyList_Check(x) || PyTuple_Check(x)) {
            Py_DECREF(out);
            return copy_item(x);  /* raises the TypeError */
        }
    }
    return out;
}

static PyObject *copy_container(PyObject *v) {
    if (Py_EnterRecursiveCall(" in copy_state"))
        return NULL;
    PyObject *out;
    if (PyDict_CheckExact(v))
        out = copy_dict(v);
    else if (PyList_CheckExact(v))
        out = copy_items(PyList_GET_SIZE(v), ((PyListObject *)v)->ob_item);
    else
        out = copy_items(PyTuple_GET_SIZE(v), ((PyTupleObject *)v)->ob_item);
    Py_LeaveRecursiveCall();
    return out;
}

/* one level: a list or tuple becomes a new list, a dict a new dict, sharing their entries */
static PyObject *copy_shallow(PyObject *v) {
    if (PyDict_CheckExact(v))
        return PyDict_Copy(v);
    if (PyList_CheckExact(v))
        return PyList_GetSlice(v, 0, PyList_GET_SIZE(v));
    return PySequence_List(v);
}

static PyObject *fast_copy_state(PyObject *self, PyObject *args) {
    PyObject *state, *shallow;
    if (!PyArg_ParseTuple(args, "O!O!:copy_state", &PyDict_Type, &state, &PyDict_Type,
                          &shallow))
        return NULL;
    PyObject *out = PyDict_Copy(state);
    if (out == NULL)
        return NULL;
    Py_ssize_t pos = 0;
    PyObject *k, *x;
    while (PyDict_Next(state, &pos, &k, &x)) {
        if (!IS_CONTAINER(x)) {
            if (PyDict_Check(x) || PyList_Check(x) || PyTuple_Check(x)) {
                Py_DECREF(out);
                return copy_item(x);  /* raises the TypeError */
            }
            continue;
        }
        PyObject *one_level = PyDict_GetItemWithError(shallow, k);
        if (one_level == NULL && PyErr_Occurred()) {
            Py_DECREF(out);
            return NULL;
        }
        PyObject *c = one_level != NULL ? copy_shallow(x) : copy_container(x);
        if (c == NULL || PyDict_SetItem(out, k, c) < 0) {
            Py_XDECREF(c);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(c);
    }
    return out;
}

static PyObject *fast_deep_copy(PyObject *self, PyObject *v) {
    return copy_item(v);
}

static PyMethodDef methods[] = {
    {"copy_state", fast_copy_state, METH_VARARGS,
     "copy_state(state, shallow): a deep copy of JSON data, except that the values of the "
     "top-level keys of the dict ``shallow`` are copied one level only."},
    {"deep_copy", fast_deep_copy, METH_O, "deep_copy(value): a deep copy of JSON data."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "hauntkit.core._fastcopy",
    "Compiled deep copy of JSON-shaped states (optional; see hauntkit.core.game).", -1,
    methods,
};

PyMODINIT_FUNC PyInit__fastcopy(void) {
    return PyModule_Create(&module);
}
