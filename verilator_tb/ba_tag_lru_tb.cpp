// Equivalence harness for ba_tag_lru: the BA tag unit in conventional LRU mode, the baseline
// (docs/ba.md sections 3, 4 and 7). Every accepted request steps the C model (ba_access, LRU
// mode); every output transfer is compared field by field: outcome, way, victim_valid,
// victim_tag. The stimulus (vectors, then hot / thrash / stream / random / bfs-trace phases
// with writes, invalidates, random valid gaps and ready stalls) is in ba_adapter.h.
#include "Vba_tag_lru.h"
#include "ba_adapter.h"

namespace {

class BaTagLruAdapter : public tb::BaAdapter<BaTagLruAdapter, Vba_tag_lru, BA_MODE_LRU> {
public:
    static constexpr const char *kUnit = "ba_tag_lru";
    using BaAdapter::BaAdapter;
};

}  // namespace

int main(int argc, char **argv) { return tb::harness_main<BaTagLruAdapter>(argc, argv); }
