/// The folder `--export DIR` writes into (docs/cli.md#failures-and-probes-you-can-open): new,
/// empty, or holding only scenario files earlier exports wrote (they stay beside the new
/// ones; a file of the same name is replaced), so that a folder of one's own files is
/// never written into.
enum ExportFolder {
    /// The second comment line every exported file starts with.
    static let signature = "// Written by `surfacesim "

    /// Why `dir` cannot take an export, or nil.
    static func problem(_ dir: String) -> String? {
        if let problem = OutputFolder.problem(dir) { return problem }
        guard let real = POSIXFiles.realPath(dir), POSIXFiles.isDirectory(real) else { return nil }
        // What a commit keeps inside the folder (a commit through links) is no file of the user's.
        for name in POSIXFiles.entries(of: real) where !name.hasPrefix(FolderLinks.reservedPrefix) {
            guard name.hasSuffix(".json5"),
                  case .success(let text) = TextFile.contents(of: POSIXFiles.join(real, name), limit: 65_536),
                  text.hasPrefix("// "), text.contains("\n" + signature) else {
                return "\(dir) holds files that are not scenarios 'failures --export' or 'probes --export' wrote ('\(ScenarioError.shorten(name))'); name a new or empty folder"
            }
        }
        return nil
    }
}
