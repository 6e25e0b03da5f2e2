import Foundation
import ShortcutsContent

#if canImport(Glibc)
    import Glibc
#endif

/// An email message (RFC 5322, with MIME) as the Mail actions read it: its headers unfolded and
/// decoded, its readable text, its attachments' names.
package struct MailMessageText {
    /// The headers in order, names as written; a name may repeat.
    package var headers: [(name: String, value: String)]
    /// The message's text: its first text/plain part (or, with none, its first text part), decoded.
    package var body: String
    /// The file names of its attachments.
    package var attachmentNames: [String]

    /// A header's first value, its encoded words decoded; `nil` when absent.
    package func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map { Self.decodedWords($0.value) }
    }

    /// A header's raw first value.
    package func rawHeader(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    package init(_ data: Data) {
        let (headers, rest) = Self.split(data)
        self.headers = headers
        var texts = (plain: String?.none, other: String?.none)
        var names: [String] = []
        Self.walk(headers: headers, body: rest, texts: &texts, attachments: &names, depth: 0)
        body = texts.plain ?? texts.other ?? ""
        attachmentNames = names
    }

    // MARK: Headers

    /// The header block (unfolded) and the bytes after the blank line that ends it.
    package static func split(_ data: Data) -> ([(name: String, value: String)], Data) {
        let bytes = [UInt8](data)
        var end = bytes.count
        var bodyStart = bytes.count
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                // "\n\n" or "\n\r\n": the blank line.
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    (end, bodyStart) = (index, index + 2)
                    break
                }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
                    (end, bodyStart) = (index, index + 3)
                    break
                }
            }
            index += 1
        }
        let block = String(decoding: bytes[0..<end], as: UTF8.self)
        var headers: [(name: String, value: String)] = []
        for line in block.split(omittingEmptySubsequences: true, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let text = line.trimmingCharacters(in: CharacterSet(charactersIn: "\r"))
            if let first = text.first, first == " " || first == "\t", !headers.isEmpty {
                headers[headers.count - 1].value += " " + text.trimmingCharacters(in: .whitespaces)
            } else if let colon = text.firstIndex(of: ":") {
                headers.append((String(text[..<colon]), text[text.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
            }
        }
        return (headers, Data(bytes[min(bodyStart, bytes.count)...]))
    }

    /// A header value's encoded words (`=?UTF-8?B?…?=`, `=?iso-8859-1?Q?…?=`) decoded; the
    /// space between two encoded words goes, as RFC 2047 says.
    package static func decodedWords(_ value: String) -> String {
        guard value.contains("=?") else { return value }
        var result = ""
        var rest = Substring(value)
        var lastWasEncoded = false
        while let start = rest.range(of: "=?") {
            let before = rest[..<start.lowerBound]
            let after = rest[start.upperBound...]
            let parts = after.split(separator: "?", maxSplits: 3, omittingEmptySubsequences: false)
            guard parts.count == 4, parts[3].hasPrefix("="), let decoded = word(charset: parts[0], encoding: parts[1], text: parts[2])
            else {
                result += before + "=?"
                rest = after
                lastWasEncoded = false
                continue
            }
            if !(lastWasEncoded && before.allSatisfy(\.isWhitespace)) { result += before }
            result += decoded
            rest = parts[3].dropFirst()
            lastWasEncoded = true
        }
        return result + rest
    }

    static func word(charset: Substring, encoding: Substring, text: Substring) -> String? {
        let bytes: Data?
        switch encoding.uppercased() {
        case "B": bytes = Data(base64Encoded: String(text), options: .ignoreUnknownCharacters)
        case "Q": bytes = quotedPrintable(Data(text.replacingOccurrences(of: "_", with: " ").utf8))
        default: bytes = nil
        }
        return bytes.map { decode($0, charset: String(charset)) }
    }

    /// Bytes in a charset as text: UTF-8 and the common ones through Foundation, any other
    /// through glibc's iconv (ISO-8859-15, KOI8-R, Shift_JIS, GBK…); bytes it can't read become
    /// replacement characters rather than nothing.
    static func decode(_ data: Data, charset: String) -> String {
        let name = charset.lowercased().split(separator: "*").first.map(String.init)?.trimmingCharacters(in: .whitespaces) ?? ""
        switch name {
        case "", "utf-8", "utf8", "us-ascii", "ascii": return String(decoding: data, as: UTF8.self)
        case "iso-8859-1", "latin1", "iso8859-1": return String(data: data, encoding: .isoLatin1) ?? String(decoding: data, as: UTF8.self)
        case "windows-1252", "cp1252": return String(data: data, encoding: .windowsCP1252) ?? String(decoding: data, as: UTF8.self)
        default: return iconv(data, from: name) ?? String(decoding: data, as: UTF8.self)
        }
    }

    /// Bytes converted to UTF-8 by iconv; `nil` when it doesn't know the charset or the bytes.
    static func iconv(_ data: Data, from charset: String) -> String? {
        let converter = iconv_open("UTF-8", charset)
        guard converter != iconv_t(bitPattern: -1) else { return nil }
        defer { iconv_close(converter) }
        var input = [CChar](data.map { CChar(bitPattern: $0) })
        var output = [CChar](repeating: 0, count: data.count * 4 + 16)
        let converted: Int? = input.withUnsafeMutableBufferPointer { inBuffer in
            output.withUnsafeMutableBufferPointer { outBuffer in
                var inPointer = inBuffer.baseAddress, outPointer = outBuffer.baseAddress
                var inLeft = inBuffer.count, outLeft = outBuffer.count
                guard Glibc.iconv(converter, &inPointer, &inLeft, &outPointer, &outLeft) != Int.max else { return nil }
                return outBuffer.count - outLeft
            }
        }
        guard let converted else { return nil }
        return String(decoding: output.prefix(converted).map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }

    /// Quoted-printable undone (`=41` → `A`, a soft line break `=` at a line's end gone).
    static func quotedPrintable(_ data: Data) -> Data {
        let bytes = [UInt8](data)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var index = 0
        func hex(_ byte: UInt8) -> UInt8? {
            switch byte {
            case 0x30...0x39: byte - 0x30
            case 0x41...0x46: byte - 0x37
            case 0x61...0x66: byte - 0x57
            default: nil
            }
        }
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x3D {
                if index + 1 < bytes.count, bytes[index + 1] == 0x0A {
                    index += 2
                    continue
                }
                if index + 2 < bytes.count, bytes[index + 1] == 0x0D, bytes[index + 2] == 0x0A {
                    index += 3
                    continue
                }
                if index + 2 < bytes.count, let high = hex(bytes[index + 1]), let low = hex(bytes[index + 2]) {
                    out.append(high << 4 | low)
                    index += 3
                    continue
                }
            }
            out.append(byte)
            index += 1
        }
        return Data(out)
    }

    // MARK: MIME

    /// A Content-Type (or Content-Disposition) value's main part, lowercased, and its
    /// parameters: quoted values may hold `;`, and RFC 2231's `name*=charset'lang'%XX` (and its
    /// numbered pieces `name*0*=`) are put together and decoded.
    static func parameters(of value: String) -> (String, [String: String]) {
        var parts: [String] = []
        var current = ""
        var quoted = false
        for character in value {
            if character == "\"" { quoted.toggle() }
            if character == ";" && !quoted {
                parts.append(current)
                current = ""
            } else {
                current.append(character)
            }
        }
        parts.append(current)
        let main = parts.removeFirst().trimmingCharacters(in: .whitespaces).lowercased()
        var found: [String: String] = [:]
        var extended: [String: [(Int, String, Bool)]] = [:]
        for part in parts {
            guard let equals = part.firstIndex(of: "=") else { continue }
            var key = part[..<equals].trimmingCharacters(in: .whitespaces).lowercased()
            var value = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            guard key.contains("*") else {
                found[key] = decodedWords(value)
                continue
            }
            let encoded = key.hasSuffix("*")
            if encoded { key.removeLast() }
            let pieces = key.split(separator: "*")
            let number = pieces.count > 1 ? Int(pieces[1]) ?? 0 : 0
            extended[String(pieces[0]), default: []].append((number, value, encoded))
        }
        for (key, pieces) in extended {
            var charset = "utf-8"
            var bytes = Data()
            for (index, (_, value, encoded)) in pieces.sorted(by: { $0.0 < $1.0 }).enumerated() {
                var text = Substring(value)
                if index == 0, encoded, let first = text.firstIndex(of: "'"),
                    let second = text[text.index(after: first)...].firstIndex(of: "'")
                {
                    charset = String(text[..<first])
                    text = text[text.index(after: second)...]
                }
                bytes += encoded ? percentDecoded(text) : Data(text.utf8)
            }
            found[key] = decode(bytes, charset: charset)
        }
        return (main, found)
    }

    /// `%XX` escapes undone, byte by byte (the bytes need not be UTF-8).
    static func percentDecoded(_ text: Substring) -> Data {
        var out: [UInt8] = []
        let bytes = Array(text.utf8)
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x25, index + 2 < bytes.count,
                let byte = UInt8(String(decoding: bytes[index + 1...index + 2], as: UTF8.self), radix: 16)
            {
                out.append(byte)
                index += 3
            } else {
                out.append(bytes[index])
                index += 1
            }
        }
        return Data(out)
    }

    /// Walks a part: text/plain is the body (the first found), multipart parts are walked in
    /// turn (at most a few levels deep), anything with a file name is an attachment.
    static func walk(
        headers: [(name: String, value: String)], body: Data, texts: inout (plain: String?, other: String?), attachments: inout [String],
        depth: Int
    ) {
        func value(_ name: String) -> String {
            headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value ?? ""
        }
        let (type, parameters) = self.parameters(of: value("Content-Type").isEmpty ? "text/plain" : value("Content-Type"))
        let (disposition, dispositionParameters) = self.parameters(of: value("Content-Disposition"))
        if type.hasPrefix("multipart/"), let boundary = parameters["boundary"], depth < 8 {
            for part in self.parts(of: body, boundary: boundary) {
                let (partHeaders, partBody) = split(part)
                walk(headers: partHeaders, body: partBody, texts: &texts, attachments: &attachments, depth: depth + 1)
            }
            return
        }
        if let name = dispositionParameters["filename"] ?? parameters["name"], disposition == "attachment" || !type.hasPrefix("text/") {
            attachments.append(name)
            return
        }
        guard type.hasPrefix("text/"), type == "text/plain" ? texts.plain == nil : texts.other == nil else { return }
        let decoded: Data
        switch value("Content-Transfer-Encoding").lowercased() {
        case "base64": decoded = Data(base64Encoded: String(decoding: body, as: UTF8.self), options: .ignoreUnknownCharacters) ?? Data()
        case "quoted-printable": decoded = quotedPrintable(body)
        default: decoded = body
        }
        let string = decode(decoded, charset: parameters["charset"] ?? "utf-8").replacingOccurrences(of: "\r\n", with: "\n")
            .trimmingCharacters(in: .whitespacesAndNewlines)
        if type == "text/plain" { texts.plain = string } else { texts.other = string }
    }

    /// The parts of a multipart body between its boundary lines, as bytes: a part's charset
    /// is its own, so nothing is decoded here.
    static func parts(of body: Data, boundary: String) -> [Data] {
        let bytes = [UInt8](body)
        let marker = Array(("--" + boundary).utf8)
        var parts: [Data] = []
        var start: Int?
        var lineStart = 0
        while lineStart <= bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != 0x0A { lineEnd += 1 }
            var content = bytes[lineStart..<lineEnd]
            if content.last == 0x0D { content = content.dropLast() }
            while let last = content.last, last == 0x20 || last == 0x09 { content = content.dropLast() }
            if content.starts(with: marker) {
                let rest = content.dropFirst(marker.count)
                if rest.isEmpty || rest.elementsEqual([0x2D, 0x2D]) {
                    if let start {
                        // The line break before a boundary belongs to the boundary.
                        var end = lineStart
                        if end > start, bytes[end - 1] == 0x0A { end -= 1 }
                        if end > start, bytes[end - 1] == 0x0D { end -= 1 }
                        parts.append(Data(bytes[start..<max(start, end)]))
                    }
                    if !rest.isEmpty { break }
                    start = lineEnd + 1
                }
            }
            lineStart = lineEnd + 1
        }
        return parts
    }

    // MARK: Addresses

    /// The addresses of an address header, each as its display name and address.
    package static func addresses(_ value: String) -> [(name: String, address: String)] {
        var found: [(String, String)] = []
        var current = ""
        var quoted = false
        var angle = false
        for character in value + "," {
            switch character {
            case "\"": quoted.toggle()
            case "<" where !quoted: angle = true
            case ">" where !quoted: angle = false
            case "," where !quoted && !angle:
                let part = current.trimmingCharacters(in: .whitespaces)
                if let open = part.lastIndex(of: "<"), let close = part.lastIndex(of: ">"), open < close {
                    let name = part[..<open].trimmingCharacters(in: CharacterSet(charactersIn: " \""))
                    found.append((decodedWords(name), String(part[part.index(after: open)..<close])))
                } else if part.contains("@") {
                    found.append(("", part))
                }
                current = ""
                continue
            default: break
            }
            current.append(character)
        }
        return found
    }
}
