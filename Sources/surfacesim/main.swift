// The command line: a thin layer over Study (SPEC §5).
import Foundation
import Study

exit(CLI.main(CommandLine.arguments))
