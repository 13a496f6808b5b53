/* A stand-in for Windows' bcryptprimitives.dll, which Wine 8 (Debian 12) lacks and Rust's
   standard library (1.78 and later) loads for ProcessPrng, its source of random numbers.
   It answers from RtlGenRandom, which Wine has. Only for scripts/test-windows-under-wine.sh. */
#include <windows.h>
#include <ntsecapi.h>
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length) {
  return RtlGenRandom(data, (ULONG)length);
}
