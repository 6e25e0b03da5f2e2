#ifndef CCRYPTOLOADER_H
#define CCRYPTOLOADER_H

#include <stddef.h>

/// The few OpenSSL operations that checking a signed shortcut needs, through libcrypto.so.3,
/// which is loaded with dlopen the first time one is called: programs that never check a
/// signature don't load it, and building needs no -dev package.

/// NULL when libcrypto is loaded, else why not (naming the Debian package to install).
/// `SHORTCUTS_LIBCRYPTO`, when set, is the file to load instead of libcrypto.so.3.
const char *shortcuts_crypto_load_error(void);

/// SHA-256 of `length` bytes. Returns 0 on success.
int shortcuts_sha256(const void *data, size_t length, unsigned char digest[32]);

/// HMAC-SHA256. Returns 0 on success.
int shortcuts_hmac_sha256(const void *key, size_t key_length, const void *data, size_t length, unsigned char mac[32]);

/// ECDSA over P-256 with SHA-256: `public_key` is a 65-byte uncompressed point (X9.63), the
/// signature DER. Returns 1 when it verifies, 0 when it doesn't, -1 when the key or library fails.
int shortcuts_ecdsa_p256_verify(const unsigned char *public_key, size_t key_length, const void *message,
                                size_t message_length, const unsigned char *signature, size_t signature_length);

/// RSA-PSS (SHA-256, MGF1-SHA256, 32-byte salt) with a DER certificate's key. Returns 1, 0 or -1.
int shortcuts_rsa_pss_verify(const unsigned char *certificate, size_t certificate_length, const void *message,
                             size_t message_length, const unsigned char *signature, size_t signature_length);

/// What a DER certificate says about itself.
typedef struct shortcuts_certificate_info {
    char subject[512];             /* one line, "/C=US/O=Apple Inc./CN=…" */
    char common_name[256];         /* the subject's CN, or "" */
    char issuer_common_name[256];  /* the issuer's CN, or "" */
    long long not_before;          /* seconds since 1970 */
    long long not_after;
    unsigned char ec_public_key[65]; /* the key as an uncompressed P-256 point, when it is one */
    int has_ec_public_key;
} shortcuts_certificate_info;

/// Reads a DER certificate. Returns 0 on success.
int shortcuts_certificate_read(const unsigned char *der, size_t length, shortcuts_certificate_info *info);

/// Checks that `certificates[0]` chains through `certificates[1…]` to one of `roots` (all DER),
/// without the validity-period check, and trusting only `roots`. Returns 1 when it does, 0 when
/// not and -1 on failure, with `error` saying why.
int shortcuts_chain_verify(const unsigned char *const *certificates, const size_t *lengths, size_t count,
                           const unsigned char *const *roots, const size_t *root_lengths, size_t root_count,
                           char *error, size_t error_length);

/// Checks a DER CMS SignedData and its signer's chain to `roots` (no validity-period check), and
/// returns the signed content in `*content` (free it with free()). Returns 1, 0 or -1 as above.
int shortcuts_cms_verify(const unsigned char *der, size_t length, const unsigned char *const *roots,
                         const size_t *root_lengths, size_t root_count, unsigned char **content,
                         size_t *content_length, char *error, size_t error_length);

#endif
