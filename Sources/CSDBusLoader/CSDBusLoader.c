#include "CSDBusLoader.h"
