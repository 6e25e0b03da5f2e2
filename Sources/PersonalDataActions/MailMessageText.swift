import Foundation
import ShortcutsContent

/// An email message (RFC 5322, with MIME) as the Mail actions read it: its headers unfolded and
/// decoded, its readable text, its attachments' names.
struct MailMessageText {
    /// The headers in order, names as written; a name may repeat.
    var headers: [(name: String, value: String)]
    /// The message's text: its first text/plain part (or, with none, its first text part), decoded.
    var body: String
    /// The file names of its attachments.
    var attachmentNames: [String]

    /// A header's first value, its encoded words decoded; `nil` when absent.
    func header(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }.map { Self.decodedWords($0.value) }
    }

    /// A header's raw first value.
    func rawHeader(_ name: String) -> String? {
        headers.first { $0.name.caseInsensitiveCompare(name) == .orderedSame }?.value
    }

    init(_ data: Data) {
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
    static func split(_ data: Data) -> ([(name: String, value: String)], Data) {
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
    static func decodedWords(_ value: String) -> String {
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

    static func decode(_ data: Data, charset: String) -> String {
        let encoding: String.Encoding
        switch charset.lowercased().split(separator: "*").first.map(String.init) ?? "" {
        case "iso-8859-1", "latin1", "iso8859-1": encoding = .isoLatin1
        case "windows-1252", "cp1252": encoding = .windowsCP1252
        case "us-ascii", "ascii": encoding = .ascii
        case "iso-8859-2": encoding = .isoLatin2
        case "utf-16": encoding = .utf16
        default: encoding = .utf8
        }
        return String(data: data, encoding: encoding) ?? String(decoding: data, as: UTF8.self)
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

    /// A Content-Type (or Content-Disposition) value's main part, lowercased, and its parameters.
    static func parameters(of value: String) -> (String, [String: String]) {
        var parts = value.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        let main = parts.isEmpty ? "" : parts.removeFirst().lowercased()
        var found: [String: String] = [:]
        for part in parts {
            guard let equals = part.firstIndex(of: "=") else { continue }
            var value = part[part.index(after: equals)...].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 { value = String(value.dropFirst().dropLast()) }
            found[part[..<equals].trimmingCharacters(in: .whitespaces).lowercased()] = decodedWords(value)
        }
        return (main, found)
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

    /// The parts of a multipart body between its boundary lines.
    static func parts(of body: Data, boundary: String) -> [Data] {
        let text = String(decoding: body, as: UTF8.self)
        var parts: [Data] = []
        var current: [Substring]?
        // "\r\n" is one Character to Swift: lines end at either.
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" }) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed == "--" + boundary || trimmed == "--" + boundary + "--" {
                if let current { parts.append(Data(current.joined(separator: "\n").utf8)) }
                current = trimmed.hasSuffix("--") && trimmed != "--" + boundary ? nil : []
                continue
            }
            current?.append(line)
        }
        return parts
    }

    // MARK: Addresses

    /// The addresses of an address header, each as its display name and address.
    static func addresses(_ value: String) -> [(name: String, address: String)] {
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
