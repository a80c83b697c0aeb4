// The Python face of the native Hive core: meeple.games.hive._engine (see meeple/games/hive/native.py).
//
// Moves cross the boundary in the Python engine's form, (piece id, packed cell, swap), the packed cell
// being (q + 2^15) * 2^16 + (r + 2^15) as in board.py. A move played from Python is first checked
// against the native move list: anything else is a ValueError, never undefined behaviour.
#include <pybind11/numpy.h>
#include <pybind11/pybind11.h>
#include <pybind11/stl.h>

#include <algorithm>
#include <chrono>
#include <memory>

#include "eval.hpp"
#include "interop.hpp"
#include "position.hpp"
#include "search.hpp"

namespace py = pybind11;
using namespace hive;

namespace {

constexpr int64_t HALF = 1 << 15;
constexpr int64_t WIDTH = 1 << 16;

int64_t packed(int q, int r) { return (q + HALF) * WIDTH + (r + HALF); }

py::tuple move_tuple(const Position& pos, Move m) {
    if (m == PASS) return py::make_tuple(-1, -1, 0);
    int q = 0, r = 0;
    pos.axial_of(move_dest(m), q, r);
    return py::make_tuple(move_piece(m), packed(q, r), move_swap(m) ? 1 : 0);
}

// The native move that the Python move (piece, cell, swap) names among ``moves``, if any.
bool find_move(const Position& pos, const MoveList& moves, int piece, int64_t cell, int swap, Move& found) {
    if (piece < 0) {
        found = PASS;
        return moves.size == 1 && moves.moves[0] == PASS;
    }
    if (piece >= pos.pieces() || cell < 0 || cell >= WIDTH * WIDTH) return false;
    int q = static_cast<int>(cell / WIDTH - HALF), r = static_cast<int>(cell % WIDTH - HALF);
    Move wanted = make_move(piece, cell_of_axial(q, r), swap != 0);
    for (Move m : moves) {
        if (m != wanted) continue;
        int mq = 0, mr = 0;
        if (!pos.axial_of(move_dest(m), mq, mr) || mq != q || mr != r) return false;
        found = m;
        return true;
    }
    return false;
}

class PyPosition {
public:
    explicit PyPosition(const std::string& expansions) : pos(std::make_unique<Position>(expansions)) {}
    PyPosition(const PyPosition& other) : pos(std::make_unique<Position>(*other.pos)) {}

    // The legal moves of the current position (generated once per position).
    const MoveList& legal() {
        if (!moves_valid) {
            pos->generate(moves_cache);
            moves_valid = true;
            ids_valid = false;
        }
        return moves_cache;
    }

    void play(int piece, int64_t cell, int swap) {
        Move m;
        if (!find_move(*pos, legal(), piece, cell, swap, m))
            throw py::value_error("hive native core: not a legal move here: (" + std::to_string(piece) + ", " +
                                  std::to_string(cell) + ", " + std::to_string(swap) + ")");
        pos->play(m);
        moves_valid = false;
    }

    void undo() {
        if (pos->history_size() == 0) throw py::value_error("hive native core: no move to undo");
        pos->undo();
        moves_valid = false;
    }

    py::list moves() {
        py::list out;
        for (Move m : legal()) out.append(move_tuple(*pos, m));
        return out;
    }

    // The action ids of the legal moves, ascending (HiveSpace's encoding).
    py::list legal_actions() {
        const MoveList& moves = legal();
        if (!ids_valid) {
            for (int i = 0; i < moves.size; ++i) ids_cache[i] = std::make_pair(action_of(*pos, moves.moves[i]), i);
            std::sort(ids_cache, ids_cache + moves.size);
            ids_valid = true;
        }
        py::list out(moves.size);
        for (int i = 0; i < moves.size; ++i) out[i] = py::int_(ids_cache[i].first);
        return out;
    }

    // The legal move an action id names, or KeyError.
    py::tuple move_of_action(int action) {
        legal_actions();
        const MoveList& moves = legal();
        auto end = ids_cache + moves.size;
        auto it = std::lower_bound(ids_cache, end, std::make_pair(action, -1));
        if (it == end || it->first != action) throw py::key_error(std::to_string(action));
        return move_tuple(*pos, moves.moves[it->second]);
    }

    void observe_into(py::array_t<float, py::array::c_style> out) {
        if (out.ndim() != 1 || out.shape(0) != observation_size(pos->pieces()))
            throw py::value_error("hive native core: the observation array has the wrong shape");
        observe(*pos, out.mutable_data());
    }

    uint64_t perft(int depth) {
        if (depth < 0 || depth > 12) throw py::value_error("hive native core: perft depth goes from 0 to 12");
        py::gil_scoped_release release;
        return pos->perft(depth);
    }

    std::unique_ptr<Position> pos;
    MoveList moves_cache;
    bool moves_valid = false;
    std::pair<int, int> ids_cache[MAX_MOVES];
    bool ids_valid = false;
};

bool is_legal(Position& pos, Move m) {
    MoveList moves;
    pos.generate(moves);
    for (Move legal : moves)
        if (legal == m) return true;
    return false;
}

// The principal variation as Python moves, each written in the position it is played in (stopping at
// the first move that is not legal there: a table entry may have been overwritten).
py::list pv_tuples(Position& root, const std::vector<Move>& pv) {
    Position pos(root);
    py::list out;
    for (Move m : pv) {
        if (!is_legal(pos, m)) break;
        out.append(move_tuple(pos, m));
        pos.play(m);
    }
    return out;
}

class PySearcher {
public:
    explicit PySearcher(size_t megabytes) : searcher(std::make_unique<Searcher>(megabytes)) {}

    py::dict search(PyPosition& position, int max_depth, double time_limit, uint64_t max_nodes, py::object clock,
                    int clock_interval, double soft_fraction) {
        if (max_depth < 1 || max_depth > MAX_PLY - 1)
            throw py::value_error("hive native core: search depth goes from 1 to " + std::to_string(MAX_PLY - 1));
        if (time_limit < 0 || clock_interval < 1 || soft_fraction <= 0 || soft_fraction > 1)
            throw py::value_error("hive native core: bad search limits");
        Limits limits;
        limits.max_depth = max_depth;
        limits.time_limit = time_limit;
        limits.max_nodes = max_nodes;
        limits.clock_interval = clock_interval;
        limits.soft_fraction = soft_fraction;
        Position& pos = *position.pos;
        Report report;
        if (!clock.is_none()) {
            limits.clock = [&clock]() { return clock().cast<double>(); };
            report = searcher->search(pos, limits);  // the clock is Python's: the GIL stays held
        } else {
            py::gil_scoped_release release;
            report = searcher->search(pos, limits);
        }
        py::dict out;
        out["move"] = move_tuple(pos, report.best);
        out["score"] = report.score;
        out["depth"] = report.depth;
        out["seldepth"] = report.seldepth;
        out["nodes"] = report.nodes;
        out["seconds"] = report.seconds;
        out["aborted"] = report.aborted;
        out["pv"] = pv_tuples(pos, report.pv);
        py::list iterations;
        for (const Iteration& it : report.iterations)
            iterations.append(py::make_tuple(it.depth, it.score, it.nodes, it.seconds));
        out["iterations"] = iterations;
        return out;
    }

    std::unique_ptr<Searcher> searcher;
};

py::list feature_list(PyPosition& position) {
    if (position.pos->result() != ONGOING) throw py::value_error("hive native core: the game is over");
    Features f;
    features(*position.pos, f);
    py::list out;
    for (int value : f) out.append(value);
    return out;
}

}  // namespace

PYBIND11_MODULE(_engine, m) {
    m.doc() = "meeple's native Hive core: move generation, perft and search under the Python rules.";
    py::class_<PyPosition>(m, "Position")
        .def(py::init<const std::string&>(), py::arg("expansions"))
        .def("copy", [](const PyPosition& self) { return PyPosition(self); })
        .def("play", &PyPosition::play, py::arg("piece"), py::arg("cell"), py::arg("swap"))
        .def("undo", &PyPosition::undo)
        .def("moves", &PyPosition::moves)
        .def("perft", &PyPosition::perft, py::arg("depth"))
        .def("hash", [](const PyPosition& self) { return self.pos->hash(); })
        .def("hash_from_scratch", [](const PyPosition& self) { return self.pos->hash_from_scratch(); })
        .def("result", [](const PyPosition& self) { return static_cast<int>(self.pos->result()); })
        .def_property_readonly("ply", [](const PyPosition& self) { return self.pos->ply(); })
        .def_property_readonly("pieces", [](const PyPosition& self) { return self.pos->pieces(); })
        .def("legal_actions", &PyPosition::legal_actions)
        .def("move_of_action", &PyPosition::move_of_action, py::arg("action"))
        .def("observe", &PyPosition::observe_into, py::arg("out"))
        .def_property_readonly("num_actions", [](const PyPosition& self) { return action_count(self.pos->pieces()); })
        .def("features", &feature_list)
        .def("evaluate", [](PyPosition& self) {
            if (self.pos->result() != ONGOING) throw py::value_error("hive native core: the game is over");
            return evaluate(*self.pos, default_weights());
        });

    py::class_<PySearcher>(m, "Searcher")
        .def(py::init<size_t>(), py::arg("table_megabytes") = 32)
        .def("search", &PySearcher::search, py::arg("position"), py::arg("max_depth") = 64,
             py::arg("time_limit") = 0.0, py::arg("max_nodes") = 0, py::arg("clock") = py::none(),
             py::arg("clock_interval") = 1024, py::arg("soft_fraction") = 0.6)
        .def("clear", [](PySearcher& self) { self.searcher->clear(); })
        .def_property(
            "weights", [](const PySearcher& self) { return std::vector<int>(self.searcher->weights.begin(), self.searcher->weights.end()); },
            [](PySearcher& self, const std::vector<int>& values) {
                if (values.size() != FEATURE_COUNT) throw py::value_error("hive native core: wrong number of weights");
                std::copy(values.begin(), values.end(), self.searcher->weights.begin());
            })
        .def_property(
            "contempt", [](const PySearcher& self) { return self.searcher->contempt; },
            [](PySearcher& self, int value) { self.searcher->contempt = value; })
        .def_property(
            "quiescence_depth", [](const PySearcher& self) { return self.searcher->quiescence_depth; },
            [](PySearcher& self, int value) { self.searcher->quiescence_depth = std::max(0, std::min(value, 8)); })
        .def_property(
            "quiescence_moves", [](const PySearcher& self) { return self.searcher->quiescence_moves; },
            [](PySearcher& self, int value) { self.searcher->quiescence_moves = std::max(0, std::min(value, 64)); })
        .def_property(
            "reductions", [](const PySearcher& self) { return self.searcher->reductions; },
            [](PySearcher& self, bool value) { self.searcher->reductions = value; });

    std::vector<std::string> names;
    for (int i = 0; i < FEATURE_COUNT; ++i) names.emplace_back(feature_name(i));
    m.attr("FEATURE_NAMES") = names;
    std::vector<int> weights(default_weights().begin(), default_weights().end());
    m.attr("DEFAULT_WEIGHTS") = weights;
}
