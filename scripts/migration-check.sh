#!/usr/bin/env bash
# Proves the `@available(*, unavailable, …)` stubs in Sources/*/Migration/RenamedAPI.swift work:
# type-checks throw-away Swift files against the built modules and asserts that
#
#   1. every line written with an OLD spelling (one per stub, marked `// expect: TEXT`) fails
#      with an error that contains TEXT (the new name or the migration message), and that no
#      other line fails (so a typo in this script cannot pass as a stub's error);
#   2. a file with the NEW spellings, importing every module at once (CaptureDevices beside
#      RecorderKit and Imaging, SocialModel beside SocialModelSQLite), type-checks with no error:
#      the stubs bring back no ambiguity and no overload clash.
#
#   swift build --build-tests        # or at least the modules imported below
#   bash scripts/migration-check.sh  # prints one line per check; exit 1 if any failed
#
# It reads the compiler flags (module and header search paths, C module maps) of the last build
# from .build/debug.yaml, so it checks whatever that build produced: rebuild after editing a stub.
# Removed enum cases have no stub (see Sources/SocialModel/Migration/RenamedAPI.swift).
set -euo pipefail
cd "$(dirname "$0")/.."

plan=.build/debug.yaml
if [ ! -f "$plan" ]; then
    echo "migration-check: $plan is missing: run swift build first" >&2
    exit 1
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# The search paths and module maps every root and dependency module was compiled with.
python3 - "$plan" >"$work/flags" <<'PY'
import json, sys
seen, flags = set(), []
def add(*flag):
    if flag not in seen:
        seen.add(flag)
        flags.append(flag)
for line in open(sys.argv[1]):
    line = line.strip()
    if not line.startswith("args: ["):
        continue
    args = json.loads(line[len("args: "):])
    if not args or not args[0].endswith("swiftc") or "-module-name" not in args:
        continue
    i = 0
    while i < len(args):
        arg = args[i]
        following = args[i + 1] if i + 1 < len(args) else None
        if arg == "-Xcc" and following == "-I" and i + 3 < len(args) and args[i + 2] == "-Xcc":
            add("-Xcc", "-I", "-Xcc", args[i + 3]); i += 4
        elif arg == "-Xcc" and following is not None and following.startswith(("-fmodule-map-file=", "-I")):
            add("-Xcc", following); i += 2
        elif arg == "-I" and following is not None:
            add("-I", following); i += 2
        elif arg.startswith("-I") and len(arg) > 2:
            add(arg); i += 1
        else:
            i += 1
for flag in flags:
    print("\n".join(flag))
PY
mapfile -t flags <"$work/flags"
modules=$(grep -m1 '/debug/Modules$' "$work/flags" || true)
if [ -z "$modules" ]; then
    echo "migration-check: no Modules directory in $plan: run swift build first" >&2
    exit 1
fi

# Each stub file must be older than its module, or the check would test the previous stubs.
for stub in Sources/*/Migration/RenamedAPI.swift; do
    module=$(basename "$(dirname "$(dirname "$stub")")")
    built="$modules/$module.swiftmodule"
    if [ ! -e "$built" ]; then
        echo "migration-check: $built is missing: run swift build first" >&2
        exit 1
    fi
    if [ "$stub" -nt "$built" ]; then
        echo "migration-check: $stub is newer than $built: rebuild first" >&2
        exit 1
    fi
done

# A value of any type, so each line below needs nothing but the API it checks.
prelude='import Foundation

func value<T>(_: T.Type = T.self) -> T { fatalError("never called") }
'

# Old spellings, one per stub; each on one line, whose error must contain the `expect:` text.
# SQLiteSocialStore is written importing SocialModel alone, as code of 0.1.0 did.
cat >"$work/OldSocialModel.swift" <<EOF
import SocialModel
$prelude
func c01() throws { _ = try SQLiteSocialStore(path: "social.sqlite") }  // expect: SocialModelSQLite
func c02() { let _: SQLiteSocialStore? = nil }  // expect: SocialModelSQLite
func c03() { _ = SquarePhotoProcessor() }  // expect: VipsPhotoProcessor(filters:)
func c04() { _ = BoundedPhotoProcessor() }  // expect: VipsPhotoProcessor(filters:)
func c05() { _ = SocialNetwork(store: value((any SocialStore).self), accounts: value()) }  // expect: photos: VipsPhotoProcessor
func c06() { _ = value(SocialNetwork.self).profiles }  // expect: NetworkSession.profiles
func c07() { _ = value(SocialNetwork.self).posts }  // expect: NetworkSession.posts
func c08() { _ = value(SocialNetwork.self).feed }  // expect: NetworkSession.feed
func c09() { _ = value(SocialNetwork.self).notifications }  // expect: NetworkSession.notifications
func c10() { _ = value(SocialNetwork.self).messages }  // expect: NetworkSession.messages
func c11() async throws { _ = try await value(PostService.self).photo(value(), size: 1080) }  // expect: SocialNetwork.postPhoto(postID:size:)
func c12() async throws { _ = try await value(ProfileService.self).avatar(of: value(), size: 64) }  // expect: SocialNetwork.avatar(userID:size:)
func c13() async throws { _ = try await value(AccountService.self).authenticate(value()) }  // expect: session(_:)
func c14() async throws { try await value(AccountService.self).signOut(value()) }  // expect: AccountSession.signOut()
func c15() async throws { try await value(AccountService.self).signOutEverywhere(value()) }  // expect: AccountSession.signOutEverywhere()
func c16() async throws { _ = try await value(AccountService.self).updateProfile(value(), ProfileChange(bio: "hi")) }  // expect: AccountSession.updateProfile(_:)
func c17() async throws { try await value(AccountService.self).deleteAccount(value()) }  // expect: AccountSession.deleteAccount()
func c18() async throws { try await value(AccountService.self).linkProvider(value(), provider: "google", providerToken: "t") }  // expect: AccountSession.linkProvider(_:providerToken:nonce:)
func c19() async throws { try await value(AccountService.self).unlinkProvider(value(), provider: "google", subject: "s") }  // expect: AccountSession.unlinkProvider(_:subject:)
func c20() { _ = RecipeService(store: value((any SocialStore).self), accounts: value()) }  // expect: photos: VipsPhotoProcessor
func c21() async throws { _ = try await value(RecipeService.self).publish(value(), value(RecipeDraft.self)) }  // expect: RecipeSession.publish(_:)
func c22() async throws { _ = try await value(RecipeService.self).likedPage(value(SecretToken.self)) }  // expect: RecipeSession.likedPage(_:)
func c23() async throws { _ = try await value(RecipeService.self).like(value(), value(RecipeID.self)) }  // expect: RecipeSession.like(recipeID:)
func c24() async throws { _ = try await value(RecipeService.self).unlike(value(), value(RecipeID.self)) }  // expect: RecipeSession.unlike(recipeID:)
func c25() async throws { try await value(RecipeService.self).delete(value(), value(RecipeID.self)) }  // expect: RecipeSession.delete(recipeID:)
func c26() async throws { _ = try await value(RecipeService.self).detail(value(RecipeID.self), viewer: value()) }  // expect: detail(recipeID:)
func c27() async throws { _ = try await value(RecipeService.self).photo(value(RecipeID.self), size: 1080) }  // expect: photo(recipeID:size:)
func c28() async throws { try await value(MealPlanService.self).setBodyProfile(value(), value(BodyProfile.self)) }  // expect: MealPlanSession.setBodyProfile(_:)
func c29() async throws { _ = try await value(MealPlanService.self).bodyProfile(value(SecretToken.self)) }  // expect: MealPlanSession.bodyProfile()
func c30() async throws { _ = try await value(MealPlanService.self).mealPlan(value()) }  // expect: MealPlanSession.mealPlan()
func c31() async throws { _ = try await value((any SocialStore).self).setLike(recipeID: value(), userID: value(), liked: true, at: Date()) }  // expect: setRecipeLike(recipeID:userID:liked:at:)
func c32() async throws { _ = try await value((any SocialStore).self).isLiked(recipeID: value(), userID: value()) }  // expect: isRecipeLiked(recipeID:userID:)
func c33() async throws { _ = try await value(StoreLocation.self).open() }  // expect: open(logger:)
func c34() { _ = ActivityLevel(exerciseHoursPerWeek: 7) }  // expect: init?(exerciseHoursPerDay:)
func c35() { _ = MessagePhoto(messageID: value(), conversationID: value(), jpeg: Data()) }  // expect: senderID
func c69() async throws { try await value((any MessageStore).self).releaseMessage(id: value()) }  // expect: releaseMessage(id:at:)
EOF

cat >"$work/OldKits.swift" <<EOF
import FilmKit
import Imaging
import RecorderKit
import SocialModel
import SocialModelHTTP
import SocialModelMocks
import SocialModelPostgres
$prelude
func c35() async throws { _ = try await PostgresSocialStore.connect(value(PostgresStoreConfiguration.self)) }  // expect: connect(_:logger:)
func c36() async throws { _ = try await PostgresSocialStore.connect(url: "postgres://localhost/social") }  // expect: connect(url:logger:)
func c37() async throws { _ = try await value(PostgresSocialStore.self).relayEvents(to: value()) }  // expect: eventRelay(to:)
func c38() async { await value(PostgresEventRelay.self).stop() }  // expect: relay.run()
func c39() { _ = SocialRoutes(network: value(), limits: SocialHTTPLimits()) }  // expect: recipes: recipes, meals: meals
func c40() { _ = SocialRoutes(network: value()) }  // expect: recipes: recipes, meals: meals
func c41() throws { _ = try Camera(store: value((any RollStore).self)) }  // expect: registry: .shared
func c42() { _ = value(FileRollStore.self).skippedFolders }  // expect: Camera.damage()
func c43() { _ = value(Halation.self).threshold }  // expect: knee
func c44() { _ = Halation(threshold: 0.8) }  // expect: knee
func c45() throws { _ = try ContactSheet.everyStock(of: value(Image.self)) }  // expect: registry: .shared
func c46() { let _: RecordQuality = .low }  // expect: VideoQuality
func c47() { var c = RecorderConfiguration(); c.recordQuality = .custom(width: 800, height: 600) }  // expect: customRecordSize
func c48() { let _: ExportQuality? = nil }  // expect: CompressionLevel
func c49() { let _: DCHExportQuality? = nil }  // expect: CompressionLevel
func c50() { let _: CompressionLevel = .low }  // expect: compact
func c51() { let _: CompressionLevel = .medium }  // expect: standard
func c52() { let _: CompressionLevel = .high }  // expect: fine
func c53() throws { try value(EventRecorder.self).setExportFilter(named: "vintage") }  // expect: registry: .shared
func c54() throws { _ = try TestPatternSource(frameSize: value(), frameCount: 165, startIndex: 120, startTime: 4) }  // expect: firstFrameIndex
func c55() throws { _ = try TestPatternSource(frameSize: value(), startTime: 4) }  // expect: firstTimestamp
func c56() { _ = value(TestPatternSource.self).nextIndex }  // expect: nextFrameIndex
func c57() { _ = value(TestPatternSource.self).startTime }  // expect: firstTimestamp
func c64() { _ = value(GrainFigure.self).levels(for: .blackAndWhite) }  // expect: rmsDensity
func c65() { _ = GrainFigure.clumpSize(iso: 400) }  // expect: defaultClump(iso:)
func c66() { _ = value(Grain.self).clumpPixels(shortSide: 1000) }  // expect: pixelPitch(width:height:)
func c58() { _ = LiveVideoDevice.available() }  // expect: V4L2DeviceDiscovery
func c59() { _ = LiveVideoDevice(path: "/dev/video0", name: "cam") }  // expect: V4L2DeviceDiscovery
func c67() async throws { _ = try await value(StoreLocation.self).open(logger: value()) }  // expect: SocialModelStores
func c68() { _ = InMemorySocialStore() }  // expect: SQLiteSocialStore.inMemory()
EOF

# CaptureDevices alone, as code of 0.2.0 imported it.
cat >"$work/OldCaptureDevices.swift" <<EOF
import CaptureDevices
$prelude
func c60() { let _: FrameSize? = nil }  // expect: CaptureFormat.Size
func c61() { _ = FrameSize(width: 640, height: 480, frameRates: []) }  // expect: CaptureFormat.Size
func c62() { let _: PixelFormat? = nil }  // expect: CaptureFormat.PixelFormat
func c63() { _ = PixelFormat("MJPG") }  // expect: CaptureFormat.PixelFormat
EOF

# New spellings, with every module imported together: no error allowed.
cat >"$work/NewSpellings.swift" <<EOF
import CaptureDevices
import FilmKit
import Imaging
import RecorderKit
import SocialModel
import SocialModelHTTP
import SocialModelMocks
import SocialModelPhotos
import SocialModelPostgres
import SocialModelSQLite
import SocialModelStores
$prelude
extension SQLiteSocialStore { func migrationCheckHelper() {} }
func n01() throws { _ = try SQLiteSocialStore(path: "social.sqlite") }
func n01c() { let _: any SocialStore = SQLiteSocialStore.inMemory(); _ = ManualClock() }
func n01b() async throws { _ = try await value(StoreLocation.self).open(logger: value()) }
func n02() { let _: FrameSize = FrameSize(width: 640, height: 480) }
func n03() { let _: PixelFormat? = nil; let _: CaptureFormat.PixelFormat? = nil; let _: CaptureFormat.Size? = nil }
func n04(store: any SocialStore, accounts: AccountService, photos: VipsPhotoProcessor) {
    let network = SocialNetwork(store: store, accounts: accounts, photos: photos)
    let recipes = RecipeService(store: store, accounts: accounts, photos: photos)
    let meals = MealPlanService(store: store, accounts: accounts)
    _ = SocialRoutes(network: network, recipes: recipes, meals: meals)
    _ = SocialRoutes(network: network, recipes: recipes, meals: meals, limits: SocialHTTPLimits())
}
func n05(network: SocialNetwork, recipes: RecipeService, token: SecretToken, id: RecipeID) async throws {
    _ = try await network.session(token).posts
    _ = try await network.postPhoto(postID: value(), size: 1080)
    _ = try await recipes.detail(recipeID: id)
    _ = try await recipes.photo(recipeID: id, size: 1080)
    _ = try await recipes.session(token).like(recipeID: id)
    _ = try await value(AccountService.self).session(token).user
}
func n06(store: any SocialStore) async throws {
    try await store.setRecipeLike(recipeID: value(), userID: value(), liked: true, at: Date())
    _ = try await store.isRecipeLiked(recipeID: value(), userID: value())
}
func n07(rolls: any RollStore, photo: Image) throws {
    _ = try Camera(store: rolls, registry: .shared)
    _ = Halation()
    _ = Halation(strength: 0.3)
    _ = Halation(knee: 0.9)
    _ = try ContactSheet.everyStock(of: photo, registry: .shared)
}
func n08(recorder: EventRecorder, size: FrameSize) throws {
    _ = ExportSettings(quality: .high, compression: .fine)
    let quality: VideoQuality = .low
    switch quality {
    case .low, .medium, .high, .ultra: break
    }
    try recorder.setExportFilter(named: "vintage", registry: .shared)
    let source = try TestPatternSource(frameSize: size)
    _ = try TestPatternSource(frameSize: size, frameRate: 30, frameCount: 45, firstFrameIndex: 120, firstTimestamp: 8)
    _ = (source.nextFrameIndex, source.firstTimestamp)
}
func n09(location: StoreLocation, relay: PostgresEventRelay) async throws {
    _ = try await location.open(logger: value())
    _ = try await PostgresSocialStore.connect(url: "postgres://localhost/social", logger: value())
    try await relay.run()
}
EOF

failed=0
check() {
    local file=$1 output expected line n hits
    output=$(swiftc -typecheck -parse-as-library -swift-version 6 -target x86_64-unknown-linux-gnu \
        -module-cache-path "$work/cache" "${flags[@]}" "$work/$file" 2>&1 || true)
    # Errors as "LINE<TAB>MESSAGE".
    grep -E "^$work/$file:[0-9]+:[0-9]+: error: " <<<"$output" \
        | sed -E "s|^$work/$file:([0-9]+):[0-9]+: error: |\1\t|" >"$work/$file.errors" || true
    n=0
    while IFS= read -r line; do
        n=$((n + 1))
        case "$line" in
        *"// expect: "*)
            expected=${line##*// expect: }
            name=$(sed -E 's/^func ([A-Za-z0-9]+).*/\1/' <<<"$line")
            hits=$(awk -F'\t' -v n="$n" '$1 == n { print $2 }' "$work/$file.errors")
            if [ -n "$hits" ] && grep -qF -- "$expected" <<<"$hits"; then
                echo "ok   $file $name: $(head -1 <<<"$hits")"
            else
                echo "FAIL $file $name: expected an error containing '$expected', got: ${hits:-no error}"
                failed=1
            fi
            ;;
        esac
    done <"$work/$file"
    # Any error on a line that expects none: a broken check, or a stub that breaks new code.
    while IFS=$'\t' read -r n message; do
        if ! sed -n "${n}p" "$work/$file" | grep -qF "// expect: "; then
            echo "FAIL $file line $n: unexpected error: $message"
            echo "     $(sed -n "${n}p" "$work/$file")"
            failed=1
        fi
    done <"$work/$file.errors"
    if ! grep -qE "error: " <<<"$output" && [ "$file" = NewSpellings.swift ]; then
        echo "ok   $file: the new spellings type-check with every module imported together"
    fi
    if grep -qE "^<unknown>|fatal error|could not build|no such module" <<<"$output"; then
        echo "FAIL $file: the compiler could not load the modules:"
        grep -E "error" <<<"$output" | head -5
        failed=1
    fi
}

for file in OldSocialModel.swift OldKits.swift OldCaptureDevices.swift NewSpellings.swift; do
    check "$file"
done
total=$(grep -c "// expect: " "$work"/Old*.swift | awk -F: '{ s += $2 } END { print s }')
if [ "$failed" -ne 0 ]; then
    echo "migration-check: FAILED (of $total old spellings and the new-spellings file)" >&2
    exit 1
fi
echo "migration-check: all $total old spellings fail with their migration message; the new spellings compile"
