/*
 * A stand-in for Windows' bcryptprimitives.dll, for running Touchmove's
 * Windows binaries under Wine 8.0 only (make windows-test): Go 1.24 and
 * later take their random bytes from its ProcessPrng, which Wine 8.0 does
 * not have. Real Windows (10 and later) has the DLL; the installer and the
 * zip do not carry this one.
 */
#include <windows.h>

/* RtlGenRandom is advapi32's SystemFunction036. */
BOOLEAN WINAPI SystemFunction036(PVOID buffer, ULONG length);

BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T length)
{
	while (length > 0) {
		ULONG n = length > 0x40000000 ? 0x40000000 : (ULONG)length;
		if (!SystemFunction036(data, n))
			return FALSE;
		data += n;
		length -= n;
	}
	return TRUE;
}
