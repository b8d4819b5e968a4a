// Plain C++ translation unit: the wrapper is the compiler of a whole build.
int helper(int x) { return 2 * x + 1; }
