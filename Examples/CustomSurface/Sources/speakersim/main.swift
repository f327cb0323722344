// The whole surfacesim command line with the smart speaker added (docs/extending.md#running-a-study):
// `swift run speakersim run Scenarios/speaker.json5`.
import Foundation
import SmartSpeaker
import SurfaceSimKit

exit(CLI.main(CommandLine.arguments, surfaces: [.smartSpeaker]))
