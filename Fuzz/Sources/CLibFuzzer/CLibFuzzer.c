// The header declares libFuzzer's driver; this file only makes the folder a C target.
#include "CLibFuzzer.h"
