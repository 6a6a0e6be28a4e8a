// The one atomic file writer (core/atomic_file.hpp): whole replacement or nothing, unique
// temporaries, kept permissions, symlinks written through, special files refused, temporaries
// removed on failure and on interruption; and the one child-process reaper.
#include <gtest/gtest.h>
#include <sys/resource.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <csignal>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "core/atomic_file.hpp"
#include "core/error.hpp"
#include "tests/core/scratch_folder.hpp"

namespace wt {
namespace {

namespace fs = std::filesystem;

// Each test's own folder (tests/core/scratch_folder.hpp).
class ScratchFolder : public test::ScratchFolder {
 public:
  ScratchFolder() : test::ScratchFolder("wt-atomic") {}
};
using test::slurp;
using test::spit;

unsigned mode_of(const std::string& path) {
  struct stat st {};
  ::stat(path.c_str(), &st);
  return st.st_mode & 07777;
}

// Lowers this process's file-size limit (and ignores SIGXFSZ) so a write fails half-way, as on a
// full disk; works for root too.
class FileSizeLimit {
 public:
  explicit FileSizeLimit(rlim_t bytes) {
    ::getrlimit(RLIMIT_FSIZE, &saved_);
    old_handler_ = std::signal(SIGXFSZ, SIG_IGN);
    rlimit lowered = saved_;
    lowered.rlim_cur = bytes;
    ::setrlimit(RLIMIT_FSIZE, &lowered);
  }
  ~FileSizeLimit() {
    ::setrlimit(RLIMIT_FSIZE, &saved_);
    std::signal(SIGXFSZ, old_handler_);
  }
  FileSizeLimit(const FileSizeLimit&) = delete;
  FileSizeLimit& operator=(const FileSizeLimit&) = delete;

 private:
  rlimit saved_{};
  void (*old_handler_)(int) = nullptr;
};

TEST(AtomicWrite, CreatesTheFileWithNoTemporaryLeft) {
  ScratchFolder dir;
  write_file_atomically(dir.file("a.json"), "{\"x\": 1}\n");
  EXPECT_EQ(slurp(dir.file("a.json")), "{\"x\": 1}\n");
  EXPECT_EQ(dir.names(), std::vector<std::string>{"a.json"});
}

TEST(AtomicWrite, ReplacesAnExistingFileWhole) {
  ScratchFolder dir;
  spit(dir.file("a.json"), std::string(10000, 'o'));
  write_file_atomically(dir.file("a.json"), "short");
  EXPECT_EQ(slurp(dir.file("a.json")), "short");  // no tail of the longer old content
  EXPECT_EQ(dir.names(), std::vector<std::string>{"a.json"});
}

TEST(AtomicWrite, PathThatIsAFolderIsRefusedAndLeftAsItWas) {
  ScratchFolder dir;
  fs::create_directory(dir.file("target"));
  spit(dir.file("target/inside.txt"), "kept");
  try {
    write_file_atomically(dir.file("target"), "new");
    FAIL() << "wrote over a folder";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), dir.file("target"));
    EXPECT_NE(std::string(e.what()).find("is a folder"), std::string::npos) << e.what();
  }
  EXPECT_TRUE(fs::is_directory(dir.file("target")));
  EXPECT_EQ(slurp(dir.file("target/inside.txt")), "kept");
  EXPECT_EQ(dir.names(), std::vector<std::string>{"target"});
}

TEST(AtomicWrite, MissingFolderIsAnInputErrorNamingThePath) {
  ScratchFolder dir;
  const std::string path = dir.file("no-such-folder/a.json");
  try {
    write_file_atomically(path, "x");
    FAIL() << "wrote into a missing folder";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), path);
  }
  EXPECT_TRUE(dir.names().empty());
}

TEST(AtomicWrite, UnwritableFolderLeavesTheOldFileIntact) {
  if (::geteuid() == 0) GTEST_SKIP() << "running as root: folder permissions do not stop writes";
  ScratchFolder dir;
  spit(dir.file("a.json"), "old");
  fs::permissions(dir.path(), fs::perms::owner_read | fs::perms::owner_exec);
  EXPECT_THROW(write_file_atomically(dir.file("a.json"), "new"), InputError);
  fs::permissions(dir.path(), fs::perms::owner_all);
  EXPECT_EQ(slurp(dir.file("a.json")), "old");
  EXPECT_EQ(dir.names(), std::vector<std::string>{"a.json"});
}

TEST(AtomicWrite, WriteFailingHalfWayLeavesTheOldFileAndNoTemporary) {
  ScratchFolder dir;
  spit(dir.file("a.json"), "old");
  {
    const FileSizeLimit limit(64);
    EXPECT_THROW(write_file_atomically(dir.file("a.json"), std::string(100000, 'n')), InputError);
  }
  EXPECT_EQ(slurp(dir.file("a.json")), "old");
  EXPECT_EQ(dir.names(), std::vector<std::string>{"a.json"});
}

// Issue 18: two outputs of one command shared ".NAME.tmp.PID", so the second clobbered the
// first's bytes. Each temporary is unique, in the target's folder, and hidden.
TEST(AtomicFile, TwoWritersOfOnePathUseTwoTemporaries) {
  ScratchFolder dir;
  AtomicFile first(dir.file("o.svg"), "--trace");
  AtomicFile second(dir.file("o.svg"), "--plot");
  EXPECT_NE(first.temporary(), second.temporary());
  for (const AtomicFile* f : {&first, &second}) {
    EXPECT_EQ(f->temporary().parent_path(), dir.path());
    EXPECT_EQ(f->temporary().filename().string().rfind(".o.svg.tmp.", 0), 0u) << f->temporary();
  }
  first.stream() << "trace";
  second.stream() << "<svg/>";
  first.commit();
  EXPECT_EQ(slurp(dir.file("o.svg")), "trace");
  second.commit();
  EXPECT_EQ(slurp(dir.file("o.svg")), "<svg/>");  // whole, not a mix
  EXPECT_EQ(dir.names(), std::vector<std::string>{"o.svg"});
}

TEST(AtomicFile, NotCommittedLeavesTheTargetAndNoTemporary) {
  ScratchFolder dir;
  spit(dir.file("a.json"), "old");
  {
    AtomicFile file(dir.file("a.json"), "--report");
    file.stream() << "new";
    EXPECT_TRUE(fs::exists(file.temporary()));
  }
  EXPECT_EQ(slurp(dir.file("a.json")), "old");
  EXPECT_EQ(dir.names(), std::vector<std::string>{"a.json"});
}

// What the CLI's SIGINT/SIGTERM watcher calls before _exit: the destructors never run.
TEST(AtomicFile, RemoveOpenTemporariesUnlinksThemAll) {
  ScratchFolder dir;
  AtomicFile a(dir.file("a.json"));
  AtomicFile b(dir.file("b.json"));
  EXPECT_EQ(dir.names().size(), 2u);
  remove_open_temporaries();
  EXPECT_TRUE(dir.names().empty());
}

// A large streamed output (a Chrome trace) crosses the 64 KiB buffer many times.
TEST(AtomicFile, StreamsMoreThanItsBuffer) {
  ScratchFolder dir;
  AtomicFile file(dir.file("t.json"));
  std::string expected;
  for (int i = 0; i < 20000; ++i) {
    const std::string line = "{\"i\": " + std::to_string(i) + "}\n";
    file.stream() << line;
    expected += line;
  }
  file.stream() << std::string(200000, 'x');
  expected += std::string(200000, 'x');
  file.commit();
  EXPECT_EQ(slurp(dir.file("t.json")), expected);
}

// mkstemp creates 0600; the file gets what open(2) would give (0666 & ~umask), scripts the
// execute bits too, and a replaced file keeps its own permissions.
TEST(AtomicFile, PermissionsAreThoseOfANormalWrite) {
  ScratchFolder dir;
  const mode_t saved = ::umask(022);
  write_file_atomically(dir.file("new.txt"), "x");
  write_file_atomically(dir.file("run.sh"), "x", "--emit", true);
  spit(dir.file("secret.json"), "old");
  fs::permissions(dir.file("secret.json"), fs::perms::owner_read | fs::perms::owner_write);
  write_file_atomically(dir.file("secret.json"), "new");
  ::umask(saved);
  EXPECT_EQ(mode_of(dir.file("new.txt")), 0644u);
  EXPECT_EQ(mode_of(dir.file("run.sh")), 0755u);
  EXPECT_EQ(mode_of(dir.file("secret.json")), 0600u);
}

// Issue 18: `--report link.json` replaced the symlink by a regular file. It is written through.
TEST(AtomicFile, ASymlinkIsWrittenThroughAndKept) {
  ScratchFolder dir;
  fs::create_directory(dir.file("real"));
  spit(dir.file("real/report.md"), "old");
  fs::create_symlink("real/report.md", dir.file("link.md"));
  write_file_atomically(dir.file("link.md"), "new", "--report");
  EXPECT_TRUE(fs::is_symlink(fs::symlink_status(dir.file("link.md"))));
  EXPECT_EQ(fs::read_symlink(dir.file("link.md")), "real/report.md");
  EXPECT_EQ(slurp(dir.file("real/report.md")), "new");
  EXPECT_EQ(dir.names(), (std::vector<std::string>{"link.md", "real"}));
  EXPECT_EQ(resolve_output_path(dir.file("link.md")), fs::canonical(dir.file("real/report.md")));
}

TEST(AtomicFile, ADanglingSymlinkIsRefused) {
  ScratchFolder dir;
  fs::create_symlink("missing.md", dir.file("link.md"));
  try {
    write_file_atomically(dir.file("link.md"), "new", "--report");
    FAIL() << "wrote through a dangling link";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "--report");
    EXPECT_NE(std::string(e.what()).find("symbolic link to a missing file"), std::string::npos);
  }
  EXPECT_EQ(dir.names(), std::vector<std::string>{"link.md"});
}

void expect_refused(const std::string& path, const std::string& kind) {
  try {
    AtomicFile file(path, "--trace");
    FAIL() << "accepted " << path;
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "--trace");
    EXPECT_EQ(e.value(), path);
    EXPECT_NE(std::string(e.what()).find("is " + kind + ", not a regular file"), std::string::npos)
        << e.what();
  }
}

// Issue 18: as root, `--trace /dev/null` replaced the device node with a regular file. A device
// is refused before a temporary is even created, for root too. As root the test uses a null
// device of its own (mknod), so that a regression cannot replace the machine's /dev/null; other
// users cannot write in /dev, and /dev/null itself is safe to try.
TEST(AtomicFile, ADeviceIsRefusedAndLeftAsItWas) {
  ScratchFolder dir;
  std::string device = "/dev/null";
  if (::geteuid() == 0) {
    device = dir.file("null");
    ASSERT_EQ(::mknod(device.c_str(), S_IFCHR | 0666, makedev(1, 3)), 0);
  }
  expect_refused(device, "a device");
  struct stat st {};
  ASSERT_EQ(::stat(device.c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
}

TEST(AtomicFile, AFifoIsRefusedAndLeftAsItWas) {
  ScratchFolder dir;
  ASSERT_EQ(::mkfifo(dir.file("pipe").c_str(), 0644), 0);
  expect_refused(dir.file("pipe"), "a FIFO (named pipe)");
  EXPECT_TRUE(fs::is_fifo(dir.file("pipe")));
  EXPECT_EQ(dir.names(), std::vector<std::string>{"pipe"});
}

TEST(AtomicFile, ASocketIsRefusedAndLeftAsItWas) {
  ScratchFolder dir;
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  const std::string path = dir.file("sock");
  ASSERT_LT(path.size(), sizeof address.sun_path);
  std::copy(path.begin(), path.end(), address.sun_path);
  ASSERT_EQ(::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address), 0);
  expect_refused(path, "a socket");
  ::close(fd);
  EXPECT_TRUE(fs::is_socket(path));
}

TEST(AtomicFile, AFolderOrASymlinkToOneIsRefused) {
  ScratchFolder dir;
  fs::create_directory(dir.file("out"));
  fs::create_symlink("out", dir.file("to-out"));
  expect_refused(dir.file("out"), "a folder");
  expect_refused(dir.file("to-out"), "a folder");
}

// Issue 18: `--trace ""` was ignored; an empty path is refused naming the option.
TEST(AtomicFile, AnEmptyPathIsRefusedNamingTheOption) {
  try {
    AtomicFile file("", "--trace");
    FAIL() << "accepted an empty path";
  } catch (const InputError& e) {
    EXPECT_EQ(e.path(), "--trace");
    EXPECT_EQ(e.problem(), "the path is empty");
  }
}

TEST(AtomicFile, AMissingFolderIsRefusedBeforeWriting) {
  ScratchFolder dir;
  try {
    AtomicFile file(dir.file("no-such/t.json"), "--trace");
    FAIL() << "accepted a missing folder";
  } catch (const InputError& e) {
    EXPECT_EQ(e.problem(), "its folder does not exist");
  }
}

TEST(OutputFolder, ExistingOrCreatableIsAcceptedWithoutCreatingIt) {
  ScratchFolder dir;
  require_output_folder(dir.path(), "--emit");
  require_output_folder(dir.file("a/b/c"), "--emit");
  EXPECT_TRUE(dir.names().empty());  // nothing created by the check
  spit(dir.file("file"), "x");
  EXPECT_THROW(require_output_folder(dir.file("file"), "--emit"), InputError);
  EXPECT_THROW(require_output_folder(dir.file("file/sub"), "--emit"), InputError);
  EXPECT_THROW(require_output_folder("", "--emit"), InputError);
}

}  // namespace
}  // namespace wt
