import Foundation
import ShortcutsTestSupport
import Testing

/// Dictate Text through the built `shortcuts`: a stand-in `pw-record` on the PATH "hears"
/// Debian's recording of "go forward ten meters" in real time, then silence for as long as it
/// is let run, and notes how long that was; PocketSphinx writes the words down.
@Suite(.serialized) struct DictationTests {
    let runner: CommandRunner
    let log: String

    init() throws {
        runner = try CommandRunner()
        log = runner.directory.path + "/recorder.log"
        let tools = runner.directory.path + "/tools"
        try FileManager.default.createDirectory(atPath: tools, withIntermediateDirectories: true)
        let recorder = """
            #!/usr/bin/python3
            import signal, struct, sys, time
            path, log = sys.argv[-1], \(log.debugDescription)
            speech = open('/usr/share/pocketsphinx/test/data/goforward.raw', 'rb').read()
            out = open(path, 'wb')
            # A WAV header whose sizes are not known yet, as a recorder writes it while recording.
            out.write(b'RIFF' + struct.pack('<I', 0) + b'WAVEfmt ' + struct.pack('<IHHIIHH', 16, 1, 1, 16000, 32000, 2, 16) + b'data' + struct.pack('<I', 0))
            written = 0.0
            def finish(*_):
                out.close()
                open(log, 'w').write('%.1f' % written)
                sys.exit(0)
            signal.signal(signal.SIGINT, finish)
            chunk = 3200
            stream = speech + bytes(16000 * 2 * 30)
            for start in range(0, len(stream), chunk):
                out.write(stream[start:start + chunk]); out.flush()
                written += chunk / 32000
                time.sleep(0.1)
            finish()
            """
        try recorder.write(toFile: tools + "/pw-record", atomically: true, encoding: .utf8)
        chmod(tools + "/pw-record", 0o755)
        runner.extraEnvironment["PATH"] = tools + ":/usr/bin:/bin"
    }

    func dictate(_ line: String) throws -> CommandResult {
        let file = try runner.write(Data("\(line)\n".utf8), to: "dictate-\(UUID().uuidString).sct")
        return try runner.run(["run", file, "--no-interaction"])
    }

    @Test func theWordsAreWrittenDownOnceThePersonPauses() throws {
        let result = try dictate("is.workflow.actions.dictatetext")
        #expect(result.status == 0 && result.output == "go forward ten meters\n", "\(result.output) \(result.error)")
        // The recording (about 3 s of speech) stopped at the pause, not at the minute's end.
        let heard = try #require(Double(try String(contentsOfFile: log, encoding: .utf8)))
        #expect(heard > 3 && heard < 10, "recorded \(heard) s")
    }

    @Test func otherLanguagesAndStopsAreRefused() throws {
        let german = try dictate(#"is.workflow.actions.dictatetext WFSpeechLanguage: "de-DE""#)
        #expect(
            german.status == 1 && german.error.contains("WFSpeechLanguage") && german.error.contains("only US English"), "\(german.error)")
        let stop = try dictate(#"is.workflow.actions.dictatetext WFDictateTextStopListening: "Never""#)
        #expect(stop.status == 1 && stop.error.contains("WFDictateTextStopListening"), "\(stop.error)")
    }
}
