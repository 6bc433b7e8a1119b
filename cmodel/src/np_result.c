/* Stable names of the result codes (np_result.h); vector files and CLI messages print them. */
#include "np_result.h"

const char *np_result_name(np_result r) {
    switch (r) {
    case NP_OK:
        return "ok";
    case NP_BAD_DATA:
        return "bad_data";
    case NP_NO_SPACE:
        return "no_space";
    case NP_BAD_PARAM:
        return "bad_param";
    }
    return "unknown";
}
