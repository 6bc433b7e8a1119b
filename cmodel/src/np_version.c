/* The library's own version (np_version.h): compiled in, so a program linked against the shared
 * library sees the version it loaded, not the one its headers named. */
#include "np_version.h"

const char *np_version(void) {
    return NOCPRESS_VERSION;
}

const char *np_version_models(void) {
    return NOCPRESS_MODELS;
}
