// Calls libcrypto (OpenSSL 3) through dlopen/dlsym, so that no -dev package is needed to build
// and programs that never check a signature don't load it. Only stable OpenSSL 3 entry points
// are used; the constants are OpenSSL's ABI values.
#include "CCryptoLoader.h"

#include <dlfcn.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef void EVP_MD, EVP_MD_CTX, EVP_PKEY, EVP_PKEY_CTX, ENGINE, X509, X509_NAME, X509_NAME_ENTRY, ASN1_STRING,
    ASN1_TIME, X509_STORE, X509_STORE_CTX, OPENSSL_STACK, CMS_ContentInfo, BIO, BIO_METHOD;

enum {
    NID_commonName = 13,
    RSA_PKCS1_PSS_PADDING = 6,
    X509_V_FLAG_NO_CHECK_TIME = 0x200000,
    X509_PURPOSE_ANY = 7,
    BIO_CTRL_INFO = 3,
};

static struct {
    const EVP_MD *(*sha256)(void);
    int (*digest)(const void *, size_t, unsigned char *, unsigned int *, const EVP_MD *, ENGINE *);
    unsigned char *(*hmac)(const EVP_MD *, const void *, int, const unsigned char *, size_t, unsigned char *,
                           unsigned int *);
    EVP_MD_CTX *(*md_ctx_new)(void);
    void (*md_ctx_free)(EVP_MD_CTX *);
    int (*digest_verify_init)(EVP_MD_CTX *, EVP_PKEY_CTX **, const EVP_MD *, ENGINE *, EVP_PKEY *);
    int (*digest_verify)(EVP_MD_CTX *, const unsigned char *, size_t, const unsigned char *, size_t);
    int (*set_rsa_padding)(EVP_PKEY_CTX *, int);
    int (*set_rsa_pss_saltlen)(EVP_PKEY_CTX *, int);
    int (*set_rsa_mgf1_md)(EVP_PKEY_CTX *, const EVP_MD *);
    EVP_PKEY *(*d2i_pubkey)(EVP_PKEY **, const unsigned char **, long);
    int (*i2d_pubkey)(const EVP_PKEY *, unsigned char **);
    void (*pkey_free)(EVP_PKEY *);
    X509 *(*d2i_x509)(X509 **, const unsigned char **, long);
    void (*x509_free)(X509 *);
    X509_NAME *(*get_subject)(const X509 *);
    X509_NAME *(*get_issuer)(const X509 *);
    char *(*name_oneline)(const X509_NAME *, char *, int);
    int (*name_index)(const X509_NAME *, int, int);
    X509_NAME_ENTRY *(*name_entry)(const X509_NAME *, int);
    ASN1_STRING *(*entry_data)(const X509_NAME_ENTRY *);
    const unsigned char *(*string_data)(const ASN1_STRING *);
    int (*string_length)(const ASN1_STRING *);
    const ASN1_TIME *(*not_before)(const X509 *);
    const ASN1_TIME *(*not_after)(const X509 *);
    int (*time_to_tm)(const ASN1_TIME *, struct tm *);
    EVP_PKEY *(*get0_pubkey)(const X509 *);
    X509_STORE *(*store_new)(void);
    void (*store_free)(X509_STORE *);
    int (*store_add_cert)(X509_STORE *, X509 *);
    int (*store_set_flags)(X509_STORE *, unsigned long);
    int (*store_set_purpose)(X509_STORE *, int);
    X509_STORE_CTX *(*store_ctx_new)(void);
    void (*store_ctx_free)(X509_STORE_CTX *);
    int (*store_ctx_init)(X509_STORE_CTX *, X509_STORE *, X509 *, OPENSSL_STACK *);
    int (*store_ctx_error)(const X509_STORE_CTX *);
    int (*verify_cert)(X509_STORE_CTX *);
    const char *(*verify_error_string)(long);
    OPENSSL_STACK *(*sk_new_null)(void);
    int (*sk_push)(OPENSSL_STACK *, const void *);
    void (*sk_free)(OPENSSL_STACK *);
    CMS_ContentInfo *(*d2i_cms)(CMS_ContentInfo **, const unsigned char **, long);
    void (*cms_free)(CMS_ContentInfo *);
    int (*cms_verify)(CMS_ContentInfo *, OPENSSL_STACK *, X509_STORE *, BIO *, BIO *, unsigned int);
    const BIO_METHOD *(*bio_s_mem)(void);
    BIO *(*bio_new)(const BIO_METHOD *);
    long (*bio_ctrl)(BIO *, int, long, void *);
    void (*bio_free_all)(BIO *);
    unsigned long (*error_get)(void);
    void (*error_string)(unsigned long, char *, size_t);
    void (*error_clear)(void);
    char load_error[256];
} ssl;

static pthread_once_t load_once = PTHREAD_ONCE_INIT;

static void load(void) {
    // SHORTCUTS_LIBCRYPTO names another copy to load (tests use it to run without one).
    const char *name = getenv("SHORTCUTS_LIBCRYPTO");
    void *library = dlopen(name && *name ? name : "libcrypto.so.3", RTLD_NOW | RTLD_LOCAL);
    if (!library) {
        snprintf(ssl.load_error, sizeof ssl.load_error, "libcrypto is not installed (apt-get install libssl3): %s",
                 dlerror());
        return;
    }
#define FIND(field, symbol)                                                                                      \
    if (!(*(void **)&ssl.field = dlsym(library, symbol))) {                                                      \
        snprintf(ssl.load_error, sizeof ssl.load_error, "libcrypto lacks %s (install libssl3 3.0 or later)", symbol); \
        return;                                                                                                  \
    }
    FIND(sha256, "EVP_sha256")
    FIND(digest, "EVP_Digest")
    FIND(hmac, "HMAC")
    FIND(md_ctx_new, "EVP_MD_CTX_new")
    FIND(md_ctx_free, "EVP_MD_CTX_free")
    FIND(digest_verify_init, "EVP_DigestVerifyInit")
    FIND(digest_verify, "EVP_DigestVerify")
    FIND(set_rsa_padding, "EVP_PKEY_CTX_set_rsa_padding")
    FIND(set_rsa_pss_saltlen, "EVP_PKEY_CTX_set_rsa_pss_saltlen")
    FIND(set_rsa_mgf1_md, "EVP_PKEY_CTX_set_rsa_mgf1_md")
    FIND(d2i_pubkey, "d2i_PUBKEY")
    FIND(i2d_pubkey, "i2d_PUBKEY")
    FIND(pkey_free, "EVP_PKEY_free")
    FIND(d2i_x509, "d2i_X509")
    FIND(x509_free, "X509_free")
    FIND(get_subject, "X509_get_subject_name")
    FIND(get_issuer, "X509_get_issuer_name")
    FIND(name_oneline, "X509_NAME_oneline")
    FIND(name_index, "X509_NAME_get_index_by_NID")
    FIND(name_entry, "X509_NAME_get_entry")
    FIND(entry_data, "X509_NAME_ENTRY_get_data")
    FIND(string_data, "ASN1_STRING_get0_data")
    FIND(string_length, "ASN1_STRING_length")
    FIND(not_before, "X509_get0_notBefore")
    FIND(not_after, "X509_get0_notAfter")
    FIND(time_to_tm, "ASN1_TIME_to_tm")
    FIND(get0_pubkey, "X509_get0_pubkey")
    FIND(store_new, "X509_STORE_new")
    FIND(store_free, "X509_STORE_free")
    FIND(store_add_cert, "X509_STORE_add_cert")
    FIND(store_set_flags, "X509_STORE_set_flags")
    FIND(store_set_purpose, "X509_STORE_set_purpose")
    FIND(store_ctx_new, "X509_STORE_CTX_new")
    FIND(store_ctx_free, "X509_STORE_CTX_free")
    FIND(store_ctx_init, "X509_STORE_CTX_init")
    FIND(store_ctx_error, "X509_STORE_CTX_get_error")
    FIND(verify_cert, "X509_verify_cert")
    FIND(verify_error_string, "X509_verify_cert_error_string")
    FIND(sk_new_null, "OPENSSL_sk_new_null")
    FIND(sk_push, "OPENSSL_sk_push")
    FIND(sk_free, "OPENSSL_sk_free")
    FIND(d2i_cms, "d2i_CMS_ContentInfo")
    FIND(cms_free, "CMS_ContentInfo_free")
    FIND(cms_verify, "CMS_verify")
    FIND(bio_s_mem, "BIO_s_mem")
    FIND(bio_new, "BIO_new")
    FIND(bio_ctrl, "BIO_ctrl")
    FIND(bio_free_all, "BIO_free_all")
    FIND(error_get, "ERR_get_error")
    FIND(error_string, "ERR_error_string_n")
    FIND(error_clear, "ERR_clear_error")
#undef FIND
}

const char *shortcuts_crypto_load_error(void) {
    pthread_once(&load_once, load);
    return ssl.load_error[0] ? ssl.load_error : NULL;
}

#define LOADED() (shortcuts_crypto_load_error() == NULL)

int shortcuts_sha256(const void *data, size_t length, unsigned char digest[32]) {
    if (!LOADED()) return -1;
    unsigned int size = 0;
    return ssl.digest(data, length, digest, &size, ssl.sha256(), NULL) == 1 && size == 32 ? 0 : -1;
}

int shortcuts_hmac_sha256(const void *key, size_t key_length, const void *data, size_t length, unsigned char mac[32]) {
    if (!LOADED() || key_length > 0x7fffffff) return -1;
    unsigned int size = 0;
    return ssl.hmac(ssl.sha256(), key, (int)key_length, data, length, mac, &size) && size == 32 ? 0 : -1;
}

/// Verifies with a key and, for RSA, PSS padding.
static int verify_with(EVP_PKEY *key, int pss, const void *message, size_t message_length,
                       const unsigned char *signature, size_t signature_length) {
    EVP_MD_CTX *context = ssl.md_ctx_new();
    if (!context) return -1;
    EVP_PKEY_CTX *key_context = NULL;
    int result = -1;
    if (ssl.digest_verify_init(context, &key_context, ssl.sha256(), NULL, key) == 1) {
        if (!pss || (ssl.set_rsa_padding(key_context, RSA_PKCS1_PSS_PADDING) > 0 &&
                     ssl.set_rsa_pss_saltlen(key_context, 32) > 0 && ssl.set_rsa_mgf1_md(key_context, ssl.sha256()) > 0)) {
            result = ssl.digest_verify(context, signature, signature_length, message, message_length) == 1 ? 1 : 0;
        }
    }
    ssl.md_ctx_free(context);
    ssl.error_clear();
    return result;
}

// SubjectPublicKeyInfo for an uncompressed P-256 point: id-ecPublicKey, prime256v1, then the point.
static const unsigned char p256_prefix[] = {0x30, 0x59, 0x30, 0x13, 0x06, 0x07, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x02, 0x01,
                                            0x06, 0x08, 0x2a, 0x86, 0x48, 0xce, 0x3d, 0x03, 0x01, 0x07, 0x03, 0x42, 0x00};

int shortcuts_ecdsa_p256_verify(const unsigned char *public_key, size_t key_length, const void *message,
                                size_t message_length, const unsigned char *signature, size_t signature_length) {
    if (!LOADED() || key_length != 65) return -1;
    unsigned char spki[sizeof p256_prefix + 65];
    memcpy(spki, p256_prefix, sizeof p256_prefix);
    memcpy(spki + sizeof p256_prefix, public_key, 65);
    const unsigned char *cursor = spki;
    EVP_PKEY *key = ssl.d2i_pubkey(NULL, &cursor, sizeof spki);
    if (!key) {
        ssl.error_clear();
        return -1;
    }
    int result = verify_with(key, 0, message, message_length, signature, signature_length);
    ssl.pkey_free(key);
    return result;
}

int shortcuts_rsa_pss_verify(const unsigned char *certificate, size_t certificate_length, const void *message,
                             size_t message_length, const unsigned char *signature, size_t signature_length) {
    if (!LOADED()) return -1;
    const unsigned char *cursor = certificate;
    X509 *x509 = ssl.d2i_x509(NULL, &cursor, (long)certificate_length);
    if (!x509) {
        ssl.error_clear();
        return -1;
    }
    EVP_PKEY *key = ssl.get0_pubkey(x509);
    int result = key ? verify_with(key, 1, message, message_length, signature, signature_length) : -1;
    ssl.x509_free(x509);
    return result;
}

static void copy_common_name(const X509_NAME *name, char *target, size_t size) {
    target[0] = 0;
    int index = name ? ssl.name_index(name, NID_commonName, -1) : -1;
    if (index < 0) return;
    ASN1_STRING *data = ssl.entry_data(ssl.name_entry(name, index));
    int length = data ? ssl.string_length(data) : 0;
    if (length <= 0) return;
    if ((size_t)length >= size) length = (int)size - 1;
    memcpy(target, ssl.string_data(data), (size_t)length);
    target[length] = 0;
}

static long long seconds(const ASN1_TIME *time) {
    struct tm parts;
    memset(&parts, 0, sizeof parts);
    if (!time || ssl.time_to_tm(time, &parts) != 1) return 0;
    return (long long)timegm(&parts);
}

int shortcuts_certificate_read(const unsigned char *der, size_t length, shortcuts_certificate_info *info) {
    if (!LOADED()) return -1;
    memset(info, 0, sizeof *info);
    const unsigned char *cursor = der;
    X509 *x509 = ssl.d2i_x509(NULL, &cursor, (long)length);
    if (!x509) {
        ssl.error_clear();
        return -1;
    }
    ssl.name_oneline(ssl.get_subject(x509), info->subject, sizeof info->subject);
    copy_common_name(ssl.get_subject(x509), info->common_name, sizeof info->common_name);
    copy_common_name(ssl.get_issuer(x509), info->issuer_common_name, sizeof info->issuer_common_name);
    info->not_before = seconds(ssl.not_before(x509));
    info->not_after = seconds(ssl.not_after(x509));
    EVP_PKEY *key = ssl.get0_pubkey(x509);
    unsigned char spki[sizeof p256_prefix + 65];
    unsigned char *out = spki;
    if (key && ssl.i2d_pubkey(key, NULL) == (int)sizeof spki && ssl.i2d_pubkey(key, &out) == (int)sizeof spki &&
        memcmp(spki, p256_prefix, sizeof p256_prefix) == 0) {
        memcpy(info->ec_public_key, spki + sizeof p256_prefix, 65);
        info->has_ec_public_key = 1;
    }
    ssl.x509_free(x509);
    ssl.error_clear();
    return 0;
}

static void last_error(const char *what, char *error, size_t error_length) {
    unsigned long code = ssl.error_get();
    char detail[256] = "";
    if (code) ssl.error_string(code, detail, sizeof detail);
    snprintf(error, error_length, "%s%s%s", what, code ? ": " : "", detail);
    ssl.error_clear();
}

/// A store that trusts only the given roots and doesn't check validity periods.
static X509_STORE *trust_store(const unsigned char *const *roots, const size_t *root_lengths, size_t root_count) {
    X509_STORE *store = ssl.store_new();
    if (!store) return NULL;
    for (size_t i = 0; i < root_count; i++) {
        const unsigned char *cursor = roots[i];
        X509 *root = ssl.d2i_x509(NULL, &cursor, (long)root_lengths[i]);
        if (!root || ssl.store_add_cert(store, root) != 1) {
            if (root) ssl.x509_free(root);
            ssl.store_free(store);
            return NULL;
        }
        ssl.x509_free(root);  // the store keeps its own reference
    }
    ssl.store_set_flags(store, X509_V_FLAG_NO_CHECK_TIME);
    return store;
}

int shortcuts_chain_verify(const unsigned char *const *certificates, const size_t *lengths, size_t count,
                           const unsigned char *const *roots, const size_t *root_lengths, size_t root_count,
                           char *error, size_t error_length) {
    error[0] = 0;
    if (!LOADED()) {
        snprintf(error, error_length, "%s", ssl.load_error);
        return -1;
    }
    if (count == 0) {
        snprintf(error, error_length, "no certificates");
        return 0;
    }
    X509 *parsed[16] = {0};
    if (count > 16) count = 16;
    int result = -1;
    X509_STORE *store = NULL;
    X509_STORE_CTX *context = NULL;
    OPENSSL_STACK *untrusted = ssl.sk_new_null();
    for (size_t i = 0; i < count; i++) {
        const unsigned char *cursor = certificates[i];
        parsed[i] = ssl.d2i_x509(NULL, &cursor, (long)lengths[i]);
        if (!parsed[i]) {
            snprintf(error, error_length, "certificate %zu is not a DER X.509 certificate", i + 1);
            result = 0;
            goto done;
        }
        if (i > 0 && untrusted) ssl.sk_push(untrusted, parsed[i]);
    }
    store = trust_store(roots, root_lengths, root_count);
    context = ssl.store_ctx_new();
    if (!untrusted || !store || !context || ssl.store_ctx_init(context, store, parsed[0], untrusted) != 1) {
        last_error("can't set up certificate verification", error, error_length);
        goto done;
    }
    if (ssl.verify_cert(context) == 1) {
        result = 1;
    } else {
        snprintf(error, error_length, "%s", ssl.verify_error_string(ssl.store_ctx_error(context)));
        result = 0;
    }
done:
    if (context) ssl.store_ctx_free(context);
    if (store) ssl.store_free(store);
    if (untrusted) ssl.sk_free(untrusted);
    for (size_t i = 0; i < count; i++)
        if (parsed[i]) ssl.x509_free(parsed[i]);
    ssl.error_clear();
    return result;
}

int shortcuts_cms_verify(const unsigned char *der, size_t length, const unsigned char *const *roots,
                         const size_t *root_lengths, size_t root_count, unsigned char **content,
                         size_t *content_length, char *error, size_t error_length) {
    *content = NULL;
    *content_length = 0;
    error[0] = 0;
    if (!LOADED()) {
        snprintf(error, error_length, "%s", ssl.load_error);
        return -1;
    }
    const unsigned char *cursor = der;
    CMS_ContentInfo *cms = ssl.d2i_cms(NULL, &cursor, (long)length);
    if (!cms) {
        last_error("not a DER CMS message", error, error_length);
        return 0;
    }
    int result = -1;
    X509_STORE *store = trust_store(roots, root_lengths, root_count);
    BIO *out = ssl.bio_new(ssl.bio_s_mem());
    if (!store || !out) {
        last_error("can't set up CMS verification", error, error_length);
    } else {
        ssl.store_set_purpose(store, X509_PURPOSE_ANY);
        if (ssl.cms_verify(cms, NULL, store, NULL, out, 0) == 1) {
            char *data = NULL;
            long size = ssl.bio_ctrl(out, BIO_CTRL_INFO, 0, &data);
            if (size >= 0 && (*content = malloc(size > 0 ? (size_t)size : 1))) {
                if (size > 0) memcpy(*content, data, (size_t)size);
                *content_length = (size_t)size;
                result = 1;
            }
        } else {
            last_error("the signature does not verify", error, error_length);
            result = 0;
        }
    }
    if (out) ssl.bio_free_all(out);
    if (store) ssl.store_free(store);
    ssl.cms_free(cms);
    ssl.error_clear();
    return result;
}
