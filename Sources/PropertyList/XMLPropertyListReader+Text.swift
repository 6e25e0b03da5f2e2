extension XMLPropertyListReader {
    // MARK: - Markup between elements

    /// Skips whitespace, comments and processing instructions (and a DOCTYPE in the prolog).
    mutating func skipMarkup(allowingDoctype: Bool) throws(PropertyListError) {
        while position < bytes.count {
            let byte = bytes[position]
            if Self.isWhitespace(byte) {
                position += 1
            } else if byte != UInt8(ascii: "<") {
                return
            } else if hasPrefix("<!--") {
                try skipComment()
            } else if hasPrefix("<?") {
                try skip(past: "?>", what: "processing instruction")
            } else if allowingDoctype, hasPrefix("<!DOCTYPE") {
                try skipDoctype()
            } else {
                return
            }
        }
    }

    private mutating func skipComment() throws(PropertyListError) {
        try skip(past: "-->", what: "comment")
    }

    /// Skips `<!DOCTYPE ...>`, including an internal subset in brackets and quoted strings.
    private mutating func skipDoctype() throws(PropertyListError) {
        let start = position
        var quote: UInt8? = nil
        var bracketDepth = 0
        position += 9
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "[") {
                bracketDepth += 1
            } else if byte == UInt8(ascii: "]") {
                bracketDepth -= 1
            } else if byte == UInt8(ascii: ">"), bracketDepth <= 0 {
                return
            }
        }
        throw fail("the <!DOCTYPE is not closed with '>'", at: start)
    }

    /// Moves past the next occurrence of `terminator`.
    private mutating func skip(past terminator: StaticString, what: String) throws(PropertyListError) {
        let start = position
        guard let end = find(terminator, from: position + 2) else {
            throw fail("the \(what) is not closed with '\(terminator)'", at: start)
        }
        position = end + terminator.utf8CodeUnitCount
    }

    private func hasPrefix(_ prefix: StaticString) -> Bool {
        matches(prefix, at: position)
    }

    private func matches(_ pattern: StaticString, at offset: Int) -> Bool {
        let count = pattern.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        let start = pattern.utf8Start
        for index in 0..<count where bytes[offset + index] != start[index] {
            return false
        }
        return true
    }

    private func find(_ pattern: StaticString, from offset: Int) -> Int? {
        let first = pattern.utf8Start.pointee
        var candidate = offset
        while candidate < bytes.count {
            if bytes[candidate] == first, matches(pattern, at: candidate) { return candidate }
            candidate += 1
        }
        return nil
    }

    // MARK: - Text content

    /// Reads the text of `tag` through its end tag.
    ///
    /// Returns the range of the raw bytes when the text has no entity, CDATA section or comment;
    /// otherwise returns `nil` and leaves the decoded bytes in `textBuffer`.
    mutating func readText(of tag: Tag) throws(PropertyListError) -> Range<Int>? {
        let start = position
        while position < bytes.count, bytes[position] != UInt8(ascii: "<"), bytes[position] != UInt8(ascii: "&") {
            position += 1
        }
        if isAtEndTag {
            let range = start..<position
            try readEndTag(closing: tag)
            return range
        }
        textBuffer.removeAll(keepingCapacity: true)
        textBuffer.append(contentsOf: bytes[start..<position])
        while true {
            guard position < bytes.count else {
                throw fail("the <\(tag.element.name)> is not closed; expected </\(tag.element.name)>", at: tag.start)
            }
            let byte = bytes[position]
            if byte == UInt8(ascii: "&") {
                try appendEntity()
            } else if byte != UInt8(ascii: "<") {
                let runStart = position
                while position < bytes.count, bytes[position] != UInt8(ascii: "<"), bytes[position] != UInt8(ascii: "&") {
                    position += 1
                }
                textBuffer.append(contentsOf: bytes[runStart..<position])
            } else if isAtEndTag {
                try readEndTag(closing: tag)
                return nil
            } else if hasPrefix("<![CDATA[") {
                let contentStart = position + 9
                guard let end = find("]]>", from: contentStart) else {
                    throw fail("the <![CDATA[ section is not closed with ']]>'", at: position)
                }
                textBuffer.append(contentsOf: bytes[contentStart..<end])
                position = end + 3
            } else if hasPrefix("<!--") {
                try skipComment()
            } else {
                throw fail("unexpected \(describeNext()) inside <\(tag.element.name)>; expected text", at: position)
            }
        }
    }

    /// Decodes `&name;` or `&#number;` at `position` into `textBuffer`.
    private mutating func appendEntity() throws(PropertyListError) {
        let start = position
        var end = position + 1
        while end < bytes.count, end - start <= 12, bytes[end] != UInt8(ascii: ";") { end += 1 }
        guard end < bytes.count, bytes[end] == UInt8(ascii: ";") else {
            throw fail("unterminated entity \(describeNext()); expected e.g. &amp; or &#38;", at: start)
        }
        let name = UnsafeRawBufferPointer(rebasing: bytes[(start + 1)..<end])
        let scalar: Unicode.Scalar?
        if name.elementsEqual("amp".utf8) {
            scalar = "&"
        } else if name.elementsEqual("lt".utf8) {
            scalar = "<"
        } else if name.elementsEqual("gt".utf8) {
            scalar = ">"
        } else if name.elementsEqual("quot".utf8) {
            scalar = "\""
        } else if name.elementsEqual("apos".utf8) {
            scalar = "'"
        } else if name.first == UInt8(ascii: "#") {
            scalar = Self.characterReference(UnsafeRawBufferPointer(rebasing: name.dropFirst()))
        } else {
            scalar = nil
        }
        guard let scalar else {
            throw fail("unknown entity \(describeNext()); expected &amp; &lt; &gt; &quot; &apos; or &#number;", at: start)
        }
        textBuffer.append(contentsOf: UTF8.encode(scalar)!)
        position = end + 1
    }

    /// The scalar of a character reference's digits (`123` or `x1F600`), if it is a valid one.
    private static func characterReference(_ digits: UnsafeRawBufferPointer) -> Unicode.Scalar? {
        var text = digits[...]
        var radix: UInt32 = 10
        if text.first == UInt8(ascii: "x") {
            radix = 16
            text = text.dropFirst()
        }
        guard !text.isEmpty else { return nil }
        var value: UInt32 = 0
        for byte in text {
            guard let digit = digitValue(byte), digit < radix else { return nil }
            value = value * radix + digit
            guard value <= 0x10FFFF else { return nil }
        }
        guard value != 0 else { return nil }
        return Unicode.Scalar(value)
    }

    private static func digitValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }

    // MARK: - Numbers

    /// Parses `[+-]digits` or `[+-]0xhexdigits`, surrounded by optional whitespace.
    static func parseInteger(_ raw: UnsafeRawBufferPointer) -> Int64? {
        var text = trimmed(raw)[...]
        var isNegative = false
        if let sign = text.first, sign == UInt8(ascii: "-") || sign == UInt8(ascii: "+") {
            isNegative = sign == UInt8(ascii: "-")
            text = text.dropFirst()
        }
        var radix: UInt64 = 10
        if text.count > 2, text.first == UInt8(ascii: "0"),
            text[text.startIndex + 1] | 0x20 == UInt8(ascii: "x")
        {
            radix = 16
            text = text.dropFirst(2)
        }
        guard !text.isEmpty else { return nil }
        var magnitude: UInt64 = 0
        for byte in text {
            guard let digit = digitValue(byte), UInt64(digit) < radix else { return nil }
            let (shifted, overflowMultiply) = magnitude.multipliedReportingOverflow(by: radix)
            let (sum, overflowAdd) = shifted.addingReportingOverflow(UInt64(digit))
            guard !overflowMultiply, !overflowAdd else { return nil }
            magnitude = sum
        }
        if isNegative {
            guard magnitude <= UInt64(Int64.max) + 1 else { return nil }
            return Int64(bitPattern: 0 &- magnitude)
        }
        guard magnitude <= UInt64(Int64.max) else { return nil }
        return Int64(magnitude)
    }

    /// Parses a decimal real, or `nan`, `inf`, `infinity` with an optional sign (any case).
    static func parseReal(_ raw: UnsafeRawBufferPointer) -> Double? {
        let text = trimmed(raw)
        guard !text.isEmpty else { return nil }
        var lowercased = text.map { $0 | 0x20 }[...]
        var sign = 1.0
        if let first = text.first, first == UInt8(ascii: "-") || first == UInt8(ascii: "+") {
            sign = first == UInt8(ascii: "-") ? -1 : 1
            lowercased = lowercased.dropFirst()
        }
        if lowercased.elementsEqual("nan".utf8) { return .nan }
        if lowercased.elementsEqual("inf".utf8) || lowercased.elementsEqual("infinity".utf8) {
            return sign * .infinity
        }
        let isNumeric = text.allSatisfy { byte in
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) || byte == UInt8(ascii: ".")
                || byte == UInt8(ascii: "e") || byte == UInt8(ascii: "E")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "-")
        }
        guard isNumeric else { return nil }
        return Double(String(decoding: text, as: UTF8.self))
    }

    /// The text without leading and trailing XML whitespace.
    static func trimmed(_ text: UnsafeRawBufferPointer) -> UnsafeRawBufferPointer {
        var slice = text[...]
        while let first = slice.first, isWhitespace(first) { slice = slice.dropFirst() }
        while let last = slice.last, isWhitespace(last) { slice = slice.dropLast() }
        return UnsafeRawBufferPointer(rebasing: slice)
    }
}
