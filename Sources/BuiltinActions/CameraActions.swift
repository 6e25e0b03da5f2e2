import Foundation
import ShortcutsContent
import ShortcutsEngine

/// Take Photo from the computer's camera: a Video4Linux device (`/dev/video0`, the first that
/// answers; `SHORTCUTS_CAMERA` names another) read by ffmpeg, its first second of frames let go
/// by so the camera's exposure settles, as a phone's camera does before the shutter. Front and
/// Back are the first and second camera. `SHORTCUTS_CAMERA` may also name a video file, which
/// is then read as if it were the camera.
enum CameraActions {
    static let all: [ActionDefinition] = [takePhoto]

    /// The cameras there are, in order: `SHORTCUTS_CAMERA`, else the video devices.
    static func cameras(_ run: RunContext) -> [String] {
        if let chosen = run.environment.variables["SHORTCUTS_CAMERA"], !chosen.isEmpty { return [chosen] }
        let devices = (try? FileManager.default.contentsOfDirectory(atPath: "/dev")) ?? []
        return devices.filter { $0.hasPrefix("video") && Int($0.dropFirst(5)) != nil }
            .sorted { Int($0.dropFirst(5))! < Int($1.dropFirst(5))! }.map { "/dev/" + $0 }
    }

    /// Whether a path is a device (a camera) rather than a file standing in for one.
    static func isDevice(_ path: String) -> Bool {
        var status = stat()
        return stat(path, &status) == 0 && (status.st_mode & S_IFMT) == S_IFCHR
    }

    /// One photo from a camera, as JPEG bytes, or `nil` when the device gives no picture (a
    /// camera's second node carries only metadata).
    static func photo(from camera: String, tools: (ffmpeg: String, ffprobe: String), folder: String, index: Int, run: RunContext) throws
        -> Data?
    {
        let output = folder + "/photo-\(index).jpeg"
        let input = isDevice(camera) ? ["-f", "v4l2", "-i", camera] : ["-i", camera]
        let arguments =
            ["-hide_banner", "-nostdin", "-loglevel", "error", "-y"] + input
            + ["-vf", "select=gte(t\\,1)", "-frames:v", "1", "-q:v", "2", output]
        let outcome = try ProcessRunner.run(
            tools.ffmpeg, arguments: arguments, environment: run.environment.variables, timeout: 30, cancellation: run.cancellation)
        if outcome.wasCancelled { throw ActionFailure("the run was stopped", code: .cancelled) }
        guard outcome.status == 0, let data = FileManager.default.contents(atPath: output), !data.isEmpty else { return nil }
        return data
    }

    static let takePhoto = ActionDefinition(
        metadata: ActionMetadata(
            identifier: "is.workflow.actions.takephoto", title: "Take Photo",
            description:
                "Takes photos with the computer's camera (a Video4Linux device, through ffmpeg), after a second for its exposure to settle.",
            parameters: [
                ParameterMetadata(key: "WFPhotoCount", title: "Photos", type: .integer, defaultValue: "1", minimum: 1, maximum: 100),
                ParameterMetadata(key: "WFCameraCaptureShowPreview", title: "Show Camera Preview", type: .boolean, defaultValue: "true"),
                ParameterMetadata(
                    key: "WFCameraCaptureDevice", title: "Camera", type: .enumeration, options: ["Front", "Back"], defaultValue: "Front"),
            ],
            outputType: "Image", outputName: "Photo", keywords: ["camera", "webcam", "picture", "selfie"])
    ) { parameters in
        let (countExpression, deviceExpression) = (parameters["WFPhotoCount"], parameters["WFCameraCaptureDevice"])
        return { _, run in
            let count = try run.wholeNumber(
                countExpression, parameter: "WFPhotoCount", in: 1...100, default: 1, what: "the number of photos")
            let side = try run.text(deviceExpression) ?? "Front"
            guard ["front", "back"].contains(side.lowercased()) else {
                throw ActionFailure("the camera is Front or Back, not \(side.debugDescription)", parameter: "WFCameraCaptureDevice")
            }
            let tools = try MediaEncodingActions.tools(run)
            let folder = try MediaEncodingActions.workFolder(run)
            defer { try? FileManager.default.removeItem(atPath: folder) }
            // Each camera has a picture node and, often, a metadata node: the cameras are the nodes that give pictures.
            var found: [(camera: String, first: Data)] = []
            for camera in cameras(run) where found.count < (side.lowercased() == "back" ? 2 : 1) {
                if let picture = try photo(from: camera, tools: tools, folder: folder, index: 0, run: run) {
                    found.append((camera, picture))
                }
            }
            guard let chosen = side.lowercased() == "back" ? (found.count > 1 ? found[1] : nil) : found.first else {
                throw ActionFailure(
                    side.lowercased() == "back" && found.count == 1
                        ? "this computer has one camera; choose Front"
                        : "no camera gives a picture here (none in /dev/video*, or SHORTCUTS_CAMERA)",
                    parameter: "WFCameraCaptureDevice")
            }
            var photos = [chosen.first]
            while photos.count < count {
                try run.checkCancelled()
                guard let next = try photo(from: chosen.camera, tools: tools, folder: folder, index: photos.count, run: run) else {
                    throw ActionFailure("the camera \(chosen.camera) stopped giving pictures", parameter: "WFPhotoCount")
                }
                photos.append(next)
            }
            let stamp = ISO8601.string(from: run.environment.now()).prefix(19).replacingOccurrences(of: ":", with: "-")
            return Content(
                items: photos.enumerated().map { index, data in
                    .file(
                        FileContent(
                            name: "Photo \(stamp)" + (count > 1 ? " \(index + 1)" : "") + ".jpeg", data: data, typeIdentifier: "public.jpeg"
                        ))
                })
        }
    }
}
