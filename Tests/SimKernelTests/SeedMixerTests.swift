import XCTest
import SimKernel

final class SeedMixerTests: XCTestCase {
    func testMixIsOneSplitMix64Step() {
        // First SplitMix64 outputs for states 0 and 1 (published reference values).
        XCTAssertEqual(SeedMixer.mix(0), 0xE220_A839_7B1D_CDAF)
        XCTAssertEqual(SeedMixer.mix(1), 0x910A_2DEC_8902_5CC1)
    }

    func testReplicationSeedFollowsTheDocumentedFormula() {
        for (s, p, r): (UInt64, UInt64, UInt64) in [(0, 0, 0), (7, 3, 11), (.max, 1, 2), (42, 1_000, 99_999)] {
            let expected = SeedMixer.mix(SeedMixer.mix(SeedMixer.mix(s) ^ p) ^ r)
            XCTAssertEqual(SeedMixer.replicationSeed(scenarioSeed: s, point: p, replication: r), expected)
        }
        XCTAssertEqual(SeedMixer.replicationSeed(scenarioSeed: 7, point: 3, replication: 11), 0x6FC9_F6DC_4FDD_3C43,
                       "independently computed value")
    }

    func testDifferentPointsAndReplicationsGiveDifferentSeeds() {
        var seen = Set<UInt64>()
        for s: UInt64 in [0, 1, 2] {
            for p: UInt64 in 0..<40 {
                for r: UInt64 in 0..<40 {
                    seen.insert(SeedMixer.replicationSeed(scenarioSeed: s, point: p, replication: r))
                }
            }
        }
        XCTAssertEqual(seen.count, 3 * 40 * 40)
        // The roles of point and replication are not interchangeable.
        XCTAssertNotEqual(SeedMixer.replicationSeed(scenarioSeed: 5, point: 1, replication: 2),
                          SeedMixer.replicationSeed(scenarioSeed: 5, point: 2, replication: 1))
    }

    func testNameHashIsFNV1a64() {
        XCTAssertEqual(SeedMixer.nameHash(""), 0xCBF2_9CE4_8422_2325)
        XCTAssertEqual(SeedMixer.nameHash("a"), 0xAF63_DC4C_8601_EC8C)
        XCTAssertEqual(SeedMixer.nameHash("user"), 0x7D67_80E4_032B_48F2)
        XCTAssertNotEqual(SeedMixer.nameHash("push"), SeedMixer.nameHash("user"))
    }

    func testStreamSeedFormula() {
        let rs: UInt64 = 0x1234_5678_9ABC_DEF0
        for name in ["user", "push", "network", "surface.widget", ""] {
            XCTAssertEqual(SeedMixer.streamSeed(replicationSeed: rs, name: name),
                           SeedMixer.mix(rs ^ SeedMixer.nameHash(name)))
        }
        XCTAssertEqual(SeedMixer.streamSeed(replicationSeed: 0x6FC9_F6DC_4FDD_3C43, name: "user"), 0x3303_D9D9_FBB8_EAF0)
    }
}
