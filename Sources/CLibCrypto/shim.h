// OpenSSL's libcrypto: HMAC for one-time codes, ECDSA and RSA signatures for passkeys.
#include <openssl/evp.h>
#include <openssl/hmac.h>
#include <openssl/err.h>
#include <openssl/core_names.h>
#include <openssl/param_build.h>
#include <openssl/bn.h>
