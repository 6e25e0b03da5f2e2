import AppleArchive
import FoundationEssentials
import LZFSE
import ShortcutFormat

/// libFuzzer's entry point for the signed-file readers: the bytes as an LZFSE stream, an Apple
/// Encrypted Archive (structure and payload, signature ignored so mutations reach the decoder),
/// an Apple Archive, and a signed shortcut read with `ignoringSignature`. Errors are expected;
/// crashes, hangs and runaway memory are the bugs.
///
/// Build and run with `Scripts/fuzz.sh 60 FuzzArchiveReader`; libFuzzer supplies `main`.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzArchiveReader(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    let bytes = start.map { Array(UnsafeRawBufferPointer(start: $0, count: count)) } ?? []
    bytes.withUnsafeBytes { raw in
        if let size = try? LZFSE.decodedSize(of: raw), size <= 16 << 20 {
            _ = try? LZFSE.decompress(raw, decodedSize: size)
        }
    }
    if let archive = try? AppleEncryptedArchive(bytes), let payload = try? archive.payload(checkingChecksums: false) {
        _ = try? AppleArchiveReader.entries(payload)
    }
    _ = try? AppleArchiveReader.entries(bytes)
    _ = try? ShortcutFile.open(Data(bytes), path: "fuzz-input.shortcut", ignoringSignature: true)
    return 0
}
