#pragma once
// Text forms of the provenance a profile records: library version numbers as the libraries encode
// them, the UTC date, a hash that identifies the host without naming it, and the command line.
#include <cstdint>
#include <ctime>
#include <string>
#include <string_view>

namespace wt::calibrate {

// cudaDriverGetVersion / cudaRuntimeGetVersion: 1000·major + 10·minor, e.g. 12040 → "12.4".
std::string cuda_version_text(int version);
// NCCL_VERSION_CODE: 10000·major + 100·minor + patch since 2.9 (22809 → "2.28.9"), before that
// 1000·major + 100·minor + patch (2708 → "2.7.8").
std::string nccl_version_text(int code);
// cublasLtGetVersion and cuDNN 9's cudnnGetVersion: 10000·major + 100·minor + patch
// (130100 → "13.1.0"); cuDNN 8 used 1000·major + 100·minor + patch (8907 → "8.9.7").
std::string library_version_text(uint64_t code);

std::string date_utc(std::time_t t);                   // ISO 8601, e.g. "2024-05-01T12:00:00Z"
std::string hostname_hash(std::string_view hostname);  // 16 hex digits of a hash, never the name
// The arguments joined by spaces; an argument with a space or a quote is single-quoted.
std::string command_line(int argc, const char* const* argv);

}  // namespace wt::calibrate
