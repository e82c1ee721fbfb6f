"""Tests of lmhead.compiler: finding lmhead-opt, running passes, errors.

Run from the repository root:

    LMHEAD_OPT=build/bin/lmhead-opt PYTHONPATH=python \\
        python3 -m unittest python/test/test_compiler.py

The tests that need the real lmhead-opt are skipped when it cannot be found
and LMHEAD_OPT is unset; when LMHEAD_OPT is set they must run. The other
tests use a stand-in tool written by the test itself.
"""

import json
import os
import stat
import sys
import tempfile
import textwrap
import unittest
from unittest import mock

import lmhead
from lmhead import CompileError, ToolNotFoundError, settings

LINEAR_GRAD = """\
func.func @f(%dz: tensor<8x32xf32>, %h: tensor<8x4xf32>, %w: tensor<32x4xf32>) -> tensor<8x4xf32> {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) : (tensor<8x32xf32>, tensor<8x4xf32>, tensor<32x4xf32>) -> (tensor<8x4xf32>, tensor<32x4xf32>)
  return %dh : tensor<8x4xf32>
}
"""

# Same op with 6 tokens in h against 8 in dz: rejected by the verifier, on
# line 2 of the text.
LINEAR_GRAD_BAD_N = """\
func.func @f(%dz: tensor<8x32xf32>, %h: tensor<6x4xf32>, %w: tensor<32x4xf32>) -> tensor<6x4xf32> {
  %dh, %dw = lmhead.linear_grad %dz, %h, %w layout(vd) : (tensor<8x32xf32>, tensor<6x4xf32>, tensor<32x4xf32>) -> (tensor<6x4xf32>, tensor<32x4xf32>)
  return %dh : tensor<6x4xf32>
}
"""

CE_FWD = """\
func.func @ce(%h: tensor<8x4xf32>, %w: tensor<32x4xf32>, %y: tensor<8xi64>) -> tensor<f32> {
  %loss, %lse = lmhead.ce_linear_fwd %h, %w, %y layout(vd) reduction(mean) : (tensor<8x4xf32>, tensor<32x4xf32>, tensor<8xi64>) -> (tensor<f32>, tensor<8xf32>)
  return %loss : tensor<f32>
}
"""

PLAIN = """\
func.func @add(%a: f32, %b: f32) -> f32 {
  %c = arith.addf %a, %b : f32
  return %c : f32
}
"""


def _write_fake_tool(directory, exit_code, stderr_text):
    """A stand-in lmhead-opt: prints its arguments as a JSON list, then its
    stdin, on stdout; `stderr_text` on stderr; exits with `exit_code`."""
    path = os.path.join(directory, "lmhead-opt")
    with open(path, "w", encoding="utf-8") as f:
        f.write(
            textwrap.dedent(
                f"""\
                #!{sys.executable}
                import json, sys
                data = sys.stdin.read()
                sys.stdout.write(json.dumps(sys.argv[1:]) + "\\n" + data)
                sys.stderr.write({stderr_text!r})
                sys.exit({exit_code})
                """
            )
        )
    os.chmod(path, os.stat(path).st_mode | stat.S_IXUSR)
    return path


class PackageTest(unittest.TestCase):
    def test_star_import_gives_every_public_name(self):
        namespace = {}
        exec("from lmhead import *", namespace)
        for name in lmhead.__all__:
            self.assertIn(name, namespace)
        self.assertIn("write_bundle", lmhead.__all__)


class ParseDiagnosticsTest(unittest.TestCase):
    def test_parses_mlir_diagnostics_and_skips_other_lines(self):
        stderr = (
            "<stdin>:2:14: error: 'lmhead.linear_grad' op token count N "
            "mismatch\n"
            "  %dh, %dw = lmhead.linear_grad ...\n"
            "             ^\n"
            "<stdin>:2:14: note: see current operation\n"
            "lmhead-opt: Unknown command line argument '--x'.\n"
        )
        diags = lmhead.parse_diagnostics(stderr)
        self.assertEqual(len(diags), 2)
        self.assertEqual(
            (diags[0].file, diags[0].line, diags[0].column, diags[0].severity),
            ("<stdin>", 2, 14, "error"),
        )
        self.assertIn("token count N mismatch", diags[0].message)
        self.assertEqual(diags[1].severity, "note")
        self.assertEqual(
            str(diags[1]), "<stdin>:2:14: note: see current operation"
        )


class PipelineNameTest(unittest.TestCase):
    """Only registered pass or pipeline names are accepted, checked before
    any tool is looked for."""

    def test_rejects_pipeline_strings_and_flags(self):
        for bad in (
            "builtin.module(lmhead-decompose)",
            "lmhead-decompose,canonicalize",
            "--lmhead-decompose",
            "lmhead-decompose{x=1}",
            "pass-pipeline=builtin.module(cse)",
            "",
        ):
            with self.subTest(pipeline=bad):
                with self.assertRaises(ValueError):
                    lmhead.run_pipeline(PLAIN, bad)

    def test_rejects_malformed_options(self):
        for options in ({"decompose": 'a"b'}, {"decompose": "a\nb"},
                        {"bad name": 1}, {"x": ""}):
            with self.subTest(options=options):
                with self.assertRaises(ValueError):
                    lmhead.run_pipeline(PLAIN, "lmhead-cpu-pipeline", options)

    def test_values_with_spaces_arrive_whole(self):
        # Quoted for MLIR's option parser (a cache folder's path may hold
        # spaces): lmhead-opt sees the value itself, here refused as a
        # boolean.
        with self.assertRaises(lmhead.CompileError) as caught:
            lmhead.run_pipeline(PLAIN, "lmhead-cpu-pipeline",
                                {"decompose": "a b"})
        self.assertIn("'a b' is invalid value for boolean",
                      caught.exception.stderr)


class FakeToolTest(unittest.TestCase):
    """Finding the tool, the command line and the error path, with a
    stand-in lmhead-opt."""

    def setUp(self):
        self.dir = tempfile.TemporaryDirectory()
        self.addCleanup(self.dir.cleanup)

    def _use(self, path):
        # lmhead reads its settings once: read them again with the patch,
        # and again once it is undone.
        patcher = mock.patch.dict(os.environ, {"LMHEAD_OPT": path})
        patcher.start()
        self.addCleanup(settings.reload)
        self.addCleanup(patcher.stop)
        settings.reload()

    def test_env_var_wins(self):
        tool = _write_fake_tool(self.dir.name, 0, "")
        self._use(tool)
        self.assertEqual(lmhead.find_lmhead_opt(), tool)

    def test_env_var_naming_no_executable_is_an_error(self):
        self._use(os.path.join(self.dir.name, "missing", "lmhead-opt"))
        with self.assertRaises(ToolNotFoundError) as ctx:
            lmhead.find_lmhead_opt()
        self.assertIn("LMHEAD_OPT", str(ctx.exception))
        with self.assertRaises(ToolNotFoundError):
            lmhead.verify(PLAIN)

    def test_path_is_searched(self):
        tool = _write_fake_tool(self.dir.name, 0, "")
        env = {"PATH": self.dir.name}
        with mock.patch.dict(os.environ, env), mock.patch.object(
            lmhead.compiler, "configured_path", return_value=None
        ):
            os.environ.pop("LMHEAD_OPT", None)
            settings.reload()
            self.assertEqual(lmhead.find_lmhead_opt(), tool)
        settings.reload()

    def test_command_line_and_stdin(self):
        self._use(_write_fake_tool(self.dir.name, 0, ""))
        out = lmhead.run_pipeline(
            PLAIN,
            "lmhead-cpu-pipeline",
            {"decompose": False, "tiles": [64, 128], "target": "sm_90a"},
        )
        args, _, body = out.partition("\n")
        self.assertEqual(
            json.loads(args),
            [
                "--lmhead-cpu-pipeline=decompose=false tiles=64,128 "
                "target=sm_90a",
                "-",
            ],
        )
        self.assertEqual(body, PLAIN)
        self.assertEqual(lmhead.verify(PLAIN), '["-"]\n' + PLAIN)
        self.assertEqual(
            lmhead.decompose(PLAIN), '["--lmhead-decompose", "-"]\n' + PLAIN
        )

    def test_failure_raises_compile_error(self):
        stderr = "<stdin>:3:7: error: boom\n  here\n  ^\n"
        self._use(_write_fake_tool(self.dir.name, 3, stderr))
        with self.assertRaises(CompileError) as ctx:
            lmhead.decompose(PLAIN)
        err = ctx.exception
        self.assertEqual(err.returncode, 3)
        self.assertEqual(err.stderr, stderr)
        self.assertEqual(err.command[1:], ["--lmhead-decompose", "-"])
        self.assertEqual([str(d) for d in err.errors],
                         ["<stdin>:3:7: error: boom"])
        self.assertIn("<stdin>:3:7: error: boom", str(err))
        self.assertIn("status 3", str(err))

    def test_remarks_of_a_successful_run_are_logged(self):
        self._use(
            _write_fake_tool(self.dir.name, 0, "<stdin>:1:1: remark: near\n")
        )
        with self.assertLogs("lmhead", level="INFO") as logs:
            lmhead.verify(PLAIN)
        self.assertEqual(logs.output, ["INFO:lmhead:<stdin>:1:1: remark: near"])


class LMHeadOptTest(unittest.TestCase):
    """The real lmhead-opt (from LMHEAD_OPT, the build tree or PATH)."""

    @classmethod
    def setUpClass(cls):
        try:
            cls.tool = lmhead.find_lmhead_opt()
        except ToolNotFoundError as e:
            if os.environ.get("LMHEAD_OPT"):
                raise
            raise unittest.SkipTest(f"lmhead-opt not found: {e}")

    def test_verify_round_trips(self):
        out = lmhead.verify(LINEAR_GRAD)
        self.assertIn("lmhead.linear_grad", out)
        self.assertIn("layout(vd)", out)
        # The printed form parses and verifies again, unchanged.
        self.assertEqual(lmhead.verify(out), out)

    def test_verify_reports_the_verifier_error(self):
        with self.assertRaises(CompileError) as ctx:
            lmhead.verify(LINEAR_GRAD_BAD_N)
        err = ctx.exception
        self.assertNotEqual(err.returncode, 0)
        self.assertEqual(len(err.errors), 1, err.stderr)
        diag = err.errors[0]
        self.assertEqual((diag.file, diag.line), ("<stdin>", 2))
        self.assertIn("'lmhead.linear_grad' op token count N mismatch",
                      diag.message)
        self.assertIn("<stdin>:2:", str(err))

    def test_verify_reports_a_parse_error(self):
        with self.assertRaises(CompileError) as ctx:
            lmhead.verify(LINEAR_GRAD.replace("layout(vd)", "layout(xy)"))
        self.assertEqual(ctx.exception.errors[0].line, 2)

    def test_decompose_leaves_only_upstream_ops(self):
        for name, text in (("linear_grad", LINEAR_GRAD), ("ce_fwd", CE_FWD)):
            with self.subTest(op=name):
                out = lmhead.decompose(text)
                self.assertNotIn("lmhead.", out)
                self.assertIn("linalg.generic", out)
                self.assertEqual(lmhead.verify(out), out)

    def test_decompose_reports_invalid_input(self):
        with self.assertRaises(CompileError) as ctx:
            lmhead.decompose(LINEAR_GRAD_BAD_N)
        self.assertIn("token count N mismatch", ctx.exception.errors[0].message)

    def test_cpu_pipeline(self):
        out = lmhead.run_pipeline(LINEAR_GRAD, "lmhead-cpu-pipeline")
        self.assertIn("llvm.func", out)
        self.assertNotIn("lmhead.", out)
        self.assertNotIn("linalg.", out)

    def test_cpu_pipeline_option(self):
        out = lmhead.run_pipeline(
            PLAIN, "lmhead-cpu-pipeline", {"decompose": False}
        )
        self.assertIn("llvm.func @add", out)

    def test_unknown_pass_is_a_compile_error(self):
        with self.assertRaises(CompileError) as ctx:
            lmhead.run_pipeline(PLAIN, "lmhead-no-such-pass")
        self.assertNotEqual(ctx.exception.returncode, 0)
        self.assertIn("lmhead-no-such-pass", ctx.exception.stderr)

    def test_unknown_option_is_a_compile_error(self):
        with self.assertRaises(CompileError) as ctx:
            lmhead.run_pipeline(
                PLAIN, "lmhead-cpu-pipeline", {"no-such-option": 1}
            )
        self.assertNotEqual(ctx.exception.returncode, 0)


if __name__ == "__main__":
    unittest.main()
