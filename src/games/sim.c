/* What the games' play simulators share (contract in sim.h). */
#include "games/sim.h"

const char *const tp_strategy_names[TP_STRATEGY_N] = { "random", "greedy" };
