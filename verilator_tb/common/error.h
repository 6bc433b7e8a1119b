// The one exception type of the harness: bad input (options, vector files, data files) or a
// stale vector file. main() prints what() on one line and exits with status 2, so a setup
// problem is never confused with an RTL mismatch (status 1).
#ifndef NP_TB_ERROR_H
#define NP_TB_ERROR_H

#include <stdexcept>
#include <string>

namespace tb {

class Error : public std::runtime_error {
public:
    explicit Error(const std::string &msg) : std::runtime_error(msg) {}
};

}  // namespace tb

#endif
