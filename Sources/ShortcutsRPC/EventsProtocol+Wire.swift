import ShortcutsContent

// The messages of a run, the service's most frequent call, read and written by hand
// (``JSONReadable``, ``JSONWritable``) in the form `Codable` gives them: members left out when
// `nil`, missing optional members read as `nil`, unknown ones skipped. Both the service and the
// client library use them, so a run costs no `JSONEncoder` or `JSONDecoder` on either side.

extension EventsProtocol.RunParams: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("shortcut", shortcut)
            writer.member("input", ifPresent: input)
            if let inputPaths {
                writer.key("inputPaths")
                writer.array { writer in for path in inputPaths { writer.string(path) } }
            }
            writer.member("runID", ifPresent: runID)
            if let timeoutSeconds { writer.member("timeoutSeconds", timeoutSeconds) }
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var shortcut: String?
        var params = EventsProtocol.RunParams(shortcut: "")
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            if try reader.takeNull() { return }
            switch key {
            case "shortcut": shortcut = try reader.readString()
            case "input": params.input = try reader.readString()
            case "inputPaths": params.inputPaths = try WireMember.readStrings(&reader)
            case "runID": params.runID = try reader.readString()
            case "timeoutSeconds": params.timeoutSeconds = try reader.readNumber()
            default: try reader.skipValue()
            }
        }
        params.shortcut = try WireMember.required(shortcut, "shortcut", in: "shortcuts.run's params", reader)
        self = params
    }
}

extension EventsProtocol.RunResult: JSONWritable, JSONReadable {
    public func write(to writer: inout JSONWriter) {
        writer.object { writer in
            writer.member("output", output)
            if let outputPaths {
                writer.key("outputPaths")
                writer.array { writer in for path in outputPaths { writer.string(path) } }
            }
            writer.member("runID", runID)
        }
    }

    public init(reading reader: inout JSONReader) throws(JSONReader.Failure) {
        var output: String?
        var outputPaths: [String]?
        var runID: String?
        try reader.readObject { reader, key throws(JSONReader.Failure) in
            if try reader.takeNull() { return }
            switch key {
            case "output": output = try reader.readString()
            case "outputPaths": outputPaths = try WireMember.readStrings(&reader)
            case "runID": runID = try reader.readString()
            default: try reader.skipValue()
            }
        }
        self.init(
            output: try WireMember.required(output, "output", in: "shortcuts.run's result", reader), outputPaths: outputPaths,
            runID: try WireMember.required(runID, "runID", in: "shortcuts.run's result", reader))
    }
}
