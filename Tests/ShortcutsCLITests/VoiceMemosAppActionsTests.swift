import Foundation
import ShortcutsTestSupport
import Testing

/// The Voice Memos app's actions through the built `shortcuts`: a stand-in `pw-record` on the
/// PATH records silence until it is interrupted, as the real one does; the recordings are files
/// the test reads back.
@Suite(.serialized) struct VoiceMemosAppActionsTests {
    let runner: CommandRunner
    let log: String
    var memos: String { runner.home + "/Voice Memos" }

    init() throws {
        runner = try CommandRunner()
        log = runner.directory.path + "/recorder.log"
        let recorder = """
            #!/usr/bin/python3
            import signal, struct, sys, time
            path, log = sys.argv[-1], \(log.debugDescription)
            out = open(path, 'wb')
            out.write(b'RIFF' + struct.pack('<I', 0) + b'WAVEfmt ' + struct.pack('<IHHIIHH', 16, 1, 1, 16000, 32000, 2, 16) + b'data' + struct.pack('<I', 0))
            out.flush()
            def finish(*_):
                out.close()
                open(log, 'w').write('interrupted')
                sys.exit(0)
            signal.signal(signal.SIGINT, finish)
            while True:
                out.write(bytes(3200)); out.flush()
                time.sleep(0.1)
            """
        let path = try runner.write(Data(recorder.utf8), to: "bin/pw-record")
        chmod(path, 0o755)
        let opener = try runner.write(Data("#!/bin/sh\necho \"$1\" >> \(runner.directory.path)/opened\n".utf8), to: "bin/xdg-open")
        chmod(opener, 0o755)
        runner.extraEnvironment["PATH"] = runner.directory.path + "/bin:/usr/bin:/bin"
    }

    func run(_ source: String) throws -> ProcessOutput {
        let file = try runner.write(Data("\(source)\n".utf8), to: "memos-\(UUID().uuidString).sct")
        return try runner.run(["run", file])
    }

    @Test func aRecordingGoesOnAfterTheRunUntilItIsStopped() throws {
        let started = try run(#"com.apple.VoiceMemos.RecordVoiceMemoIntent name: "Lecture""#)
        #expect(started.status == 0, "\(started.error)")
        let file = memos + "/Lecture.wav"
        // The recorder runs on after the run; once it has written half a second, stop it.
        let deadline = Date().addingTimeInterval(10)
        while (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0 < 44 + 16_000, Date() < deadline {
            usleep(20_000)
        }
        let twice = try run("com.apple.VoiceMemos.RecordVoiceMemoIntent")
        #expect(twice.status == 1 && twice.error.contains("a recording is already going"), "\(twice.error)")
        let stopped = try run(
            """
            memo = com.apple.VoiceMemos.StopRecording
            Text "\\(memo.Name)|\\(memo.Duration)"
            """)
        #expect(stopped.status == 0, "\(stopped.error)")
        let parts = stopped.output.trimmingCharacters(in: .newlines).split(separator: "|")
        #expect(parts.first == "Lecture" && (Double(parts.last ?? "") ?? 0) >= 0.5, "\(stopped.output)")
        #expect((try? String(contentsOfFile: log, encoding: .utf8)) == "interrupted")
        let none = try run("com.apple.VoiceMemos.StopRecording")
        #expect(none.status == 1 && none.error.contains("nothing is recording"), "\(none.error)")

        let listed = try run(
            """
            com.apple.VoiceMemos.CreateFolder name: "Talks"
            com.apple.VoiceMemos.SearchRecordings searchPhrase: "lect"
            """)
        #expect(listed.status == 0 && listed.output == "Lecture\n", "\(listed.output) \(listed.error)")
        let played = try run("com.apple.VoiceMemos.PlaybackVoiceMemoIntent playbackType: \"mostRecent\"")
        #expect(played.status == 0, "\(played.error)")
        #expect(
            try String(contentsOfFile: runner.directory.path + "/opened", encoding: .utf8) == URL(fileURLWithPath: memos + "/Lecture.wav")
                .absoluteString + "\n")
        let deleted = try run(
            """
            com.apple.VoiceMemos.DeleteRecording entities: "Lecture"
            com.apple.VoiceMemos.DeleteFolder entities: "talks"
            com.apple.VoiceMemos.RCRecordingEntity
            is.workflow.actions.count
            """)
        #expect(deleted.status == 0 && deleted.output == "0\n", "\(deleted.output) \(deleted.error)")
        #expect(
            ((try? FileManager.default.contentsOfDirectory(atPath: memos + "/.Recently Deleted")) ?? []).sorted() == [
                "Lecture.wav", "Talks",
            ])
        let missing = try run(#"com.apple.VoiceMemos.DeleteRecording entities: "Lecture""#)
        #expect(
            missing.status == 1 && missing.error.contains("parameter entities: there is no recording named “Lecture”"), "\(missing.error)")
    }
}
