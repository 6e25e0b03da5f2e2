import FoundationEssentials

/// Reads the XML property-list format with a small tokenizer for just the plist subset of XML.
///
/// It works on the raw UTF-8 bytes: text without entities becomes a `String` in one step, and
/// line numbers for errors are counted only when an error is thrown.
struct XMLPropertyListReader {
    /// The elements the format has; anything else is an error.
    enum Element: CaseIterable {
        case plist, dict, array, key, string, integer, real, `true`, `false`, date, data

        var name: String {
            switch self {
            case .plist: "plist"
            case .dict: "dict"
            case .array: "array"
            case .key: "key"
            case .string: "string"
            case .integer: "integer"
            case .real: "real"
            case .true: "true"
            case .false: "false"
            case .date: "date"
            case .data: "data"
            }
        }

        /// Each element with its name packed by `packedName(_:)`.
        static let packedNames: [(Element, UInt64)] = allCases.map { element in
            (element, element.name.utf8.withContiguousStorageIfAvailable { packedName(UnsafeRawBufferPointer($0)) }!)
        }

        /// A name of up to 7 bytes as one integer (bytes, then length), or 0 if it is longer.
        static func packedName(_ name: UnsafeRawBufferPointer) -> UInt64 {
            guard name.count <= 7 else { return 0 }
            var packed: UInt64 = 0
            for byte in name { packed = packed << 8 | UInt64(byte) }
            return packed << 8 | UInt64(name.count)
        }
    }

    /// A start tag: `<name attributes>` or `<name attributes/>`.
    struct Tag {
        var element: Element
        var isSelfClosing: Bool
        /// Where its `<` is, for error messages.
        var start: Int
    }

    let bytes: UnsafeRawBufferPointer
    var position = 0
    /// Scratch space for text that needs entities or CDATA sections decoded.
    var textBuffer: [UInt8] = []

    init(_ bytes: UnsafeRawBufferPointer) {
        self.bytes = bytes
    }

    /// Reads the whole document: prolog, `<plist>` (or a bare value), and nothing after it.
    mutating func readDocument() throws(PropertyListError) -> PropertyListValue {
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { position = 3 }
        try skipMarkup(allowingDoctype: true)
        guard position < bytes.count else {
            throw fail("the document is empty; expected <plist>", at: position)
        }
        let tag = try readStartTag(expecting: "<plist>")
        let value: PropertyListValue
        if tag.element == .plist {
            guard !tag.isSelfClosing else {
                throw fail("<plist/> is empty; expected a value inside <plist>", at: tag.start)
            }
            try skipMarkup(allowingDoctype: false)
            value = try readValue(try readStartTag(expecting: "a value inside <plist>"), depth: 0)
            try skipMarkup(allowingDoctype: false)
            try readEndTag(closing: tag)
        } else {
            value = try readValue(tag, depth: 0)
        }
        try skipMarkup(allowingDoctype: false)
        guard position == bytes.count else {
            throw fail("unexpected \(describeNext()) after the end of the property list", at: position)
        }
        return value
    }

    // MARK: - Values

    /// Reads the value that `tag` opens, through its end tag.
    private mutating func readValue(_ tag: Tag, depth: Int) throws(PropertyListError) -> PropertyListValue {
        switch tag.element {
        case .dict:
            return try readDictionary(tag, depth: depth)
        case .array:
            try checkDepth(depth, tag: tag)
            var elements: [PropertyListValue] = []
            if tag.isSelfClosing { return .array(elements) }
            while true {
                try skipMarkup(allowingDoctype: false)
                if isAtEndTag {
                    try readEndTag(closing: tag)
                    return .array(elements)
                }
                let child = try readStartTag(expecting: "a value or </array>")
                elements.append(try readValue(child, depth: depth + 1))
            }
        case .string:
            return .string(try readString(tag))
        case .integer:
            return .integer(try readScalar(tag, what: "a decimal or 0x-hexadecimal 64-bit integer", Self.parseInteger))
        case .real:
            return .real(try readScalar(tag, what: "a number, nan or [+-]infinity", Self.parseReal))
        case .true, .false:
            if !tag.isSelfClosing {
                try skipMarkup(allowingDoctype: false)
                try readEndTag(closing: tag)
            }
            return .boolean(tag.element == .true)
        case .date:
            let interval = try readScalar(
                tag, what: "a date like 2001-01-01T00:00:00Z",
                {
                    PropertyListDateText.parse(Self.trimmed($0))
                })
            return .date(Date(timeIntervalSinceReferenceDate: interval))
        case .data:
            return .data(Data(try readScalar(tag, what: "Base64", Base64.decode)))
        case .key:
            throw fail("<key> outside a <dict>; expected a value", at: tag.start)
        case .plist:
            throw fail("<plist> inside a property list; expected a value", at: tag.start)
        }
    }

    private mutating func readDictionary(_ tag: Tag, depth: Int) throws(PropertyListError) -> PropertyListValue {
        try checkDepth(depth, tag: tag)
        var keys: [String] = []
        var values: [PropertyListValue] = []
        if !tag.isSelfClosing {
            while true {
                try skipMarkup(allowingDoctype: false)
                if isAtEndTag {
                    try readEndTag(closing: tag)
                    break
                }
                let keyTag = try readStartTag(expecting: "<key> or </dict>")
                guard keyTag.element == .key else {
                    throw fail("expected <key> or </dict> in the <dict>, found <\(keyTag.element.name)>", at: keyTag.start)
                }
                keys.append(try readString(keyTag))
                try skipMarkup(allowingDoctype: false)
                guard !isAtEndTag else {
                    throw fail("expected a value for key \"\(keys[keys.count - 1])\", found \(describeNext())", at: position)
                }
                let valueTag = try readStartTag(expecting: "a value for key \"\(keys[keys.count - 1])\"")
                values.append(try readValue(valueTag, depth: depth + 1))
            }
        }
        // Keyed archives write UIDs in XML as {CF$UID: n}; read them back as UIDs, like Apple's reader.
        if keys.count == 1, keys[0] == "CF$UID", case .integer(let uid) = values[0], uid >= 0 {
            return .uid(UInt64(uid))
        }
        return .dictionary(PropertyListDictionary(keys: keys, values: values))
    }

    private func checkDepth(_ depth: Int, tag: Tag) throws(PropertyListError) {
        guard depth < PropertyList.maximumDepth else {
            throw fail("containers nest deeper than \(PropertyList.maximumDepth) levels", at: tag.start)
        }
    }

    /// Reads the text of a `<string>` or `<key>` as valid UTF-8.
    private mutating func readString(_ tag: Tag) throws(PropertyListError) -> String {
        try readScalar(tag, what: "valid UTF-8 text") { text in
            // Most plist text is ASCII, which needs no validation beyond this scan.
            text.allSatisfy { $0 < 0x80 } ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
        }
    }

    /// Reads an element's text and converts it, with `what` naming the expected form.
    private mutating func readScalar<Result>(
        _ tag: Tag, what: String, _ convert: (UnsafeRawBufferPointer) -> Result?
    ) throws(PropertyListError) -> Result {
        let converted: Result?
        if tag.isSelfClosing {
            converted = convert(UnsafeRawBufferPointer(start: nil, count: 0))
        } else if let range = try readText(of: tag) {
            converted = convert(UnsafeRawBufferPointer(rebasing: bytes[range]))
        } else {
            converted = textBuffer.withUnsafeBytes { convert($0) }
        }
        guard let converted else {
            throw fail("the <\(tag.element.name)> is not \(what)", at: tag.start)
        }
        return converted
    }

    // MARK: - Tags

    /// Whether the next bytes are `</`.
    var isAtEndTag: Bool {
        position + 1 < bytes.count && bytes[position] == UInt8(ascii: "<") && bytes[position + 1] == UInt8(ascii: "/")
    }

    /// Reads `<name ...>` or `<name .../>` for one of the plist elements.
    private mutating func readStartTag(expecting expected: @autoclosure () -> String) throws(PropertyListError) -> Tag {
        let start = position
        guard position < bytes.count, bytes[position] == UInt8(ascii: "<"), !isAtEndTag else {
            throw fail("expected \(expected()), found \(describeNext())", at: position)
        }
        position += 1
        let nameStart = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        let name = nameStart..<position
        guard let element = element(named: name) else {
            let shown = String(decoding: UnsafeRawBufferPointer(rebasing: bytes[name.prefix(40)]), as: UTF8.self)
            throw fail("unknown element <\(shown)>; expected \(expected())", at: start)
        }
        // Attributes (like version="1.0") are skipped; quoted values may contain '>' or '/'.
        var quote: UInt8? = nil
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: ">") {
                let isSelfClosing = bytes[position - 2] == UInt8(ascii: "/") && position - 2 >= name.upperBound
                return Tag(element: element, isSelfClosing: isSelfClosing, start: start)
            } else if byte == UInt8(ascii: "<") {
                break
            }
        }
        throw fail("the <\(element.name)> tag is not closed with '>'", at: start)
    }

    /// Reads `</name>` for `tag`'s element, allowing whitespace before the `>`.
    mutating func readEndTag(closing tag: Tag) throws(PropertyListError) {
        var expected: String {
            "</\(tag.element.name)> to close the <\(tag.element.name)> from line \(line(at: tag.start))"
        }
        guard isAtEndTag else {
            throw fail("expected \(expected), found \(describeNext())", at: position)
        }
        let start = position
        position += 2
        let nameStart = position
        while position < bytes.count, !Self.endsName(bytes[position]) { position += 1 }
        guard element(named: nameStart..<position) == tag.element else {
            position = start
            throw fail("expected \(expected), found \(describeNext())", at: start)
        }
        while position < bytes.count, Self.isWhitespace(bytes[position]) { position += 1 }
        guard position < bytes.count, bytes[position] == UInt8(ascii: ">") else {
            throw fail("the </\(tag.element.name)> tag is not closed with '>'", at: start)
        }
        position += 1
    }

    private func element(named name: Range<Int>) -> Element? {
        let packed = Element.packedName(UnsafeRawBufferPointer(rebasing: bytes[name]))
        for (element, elementName) in Element.packedNames where elementName == packed {
            return element
        }
        return nil
    }

    private static func endsName(_ byte: UInt8) -> Bool {
        isWhitespace(byte) || byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "<")
    }

    static func isWhitespace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D
    }

    // MARK: - Errors

    /// A short description of what comes next, for "expected X, found Y" messages.
    func describeNext() -> String {
        guard position < bytes.count else { return "the end of the file" }
        var end = position
        while end < bytes.count, end - position < 30, bytes[end] != 0x0A {
            end += 1
            if bytes[end - 1] == UInt8(ascii: ">") { break }
        }
        return "\"" + String(decoding: UnsafeRawBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self) + "\""
    }

    /// The 1-based line of a byte offset.
    func line(at offset: Int) -> Int {
        var line = 1
        for byte in bytes[..<min(offset, bytes.count)] where byte == 0x0A { line += 1 }
        return line
    }

    func fail(_ message: String, at offset: Int) -> PropertyListError {
        let line = line(at: offset)
        return PropertyListError(message: "XML property list, line \(line): \(message)", line: line)
    }
}
