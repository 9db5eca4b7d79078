// SwiftPM builds a C target from at least one source file; the hints are inline, in the header.
#include "SectionSortMemoryHints.h"
