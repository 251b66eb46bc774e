"""The road not taken: kma's analyze() over ctypes instead of pybind11.

Kept to measure the choice (bench_python.py --binding-choice): it calls the
same C ABI functions as kma/_kma (kma_analyzer_analyze_utf8, then the result
getters) and builds the same kma.Token / kma.Analysis records, but from
Python, through ctypes. Not part of the package.
"""
from __future__ import annotations

import ctypes
import os

import kma
from kma._types import Analysis, Token

_lib = ctypes.CDLL(os.path.join(os.path.dirname(kma.__file__), "libkma.so.1"))


class _KmaToken(ctypes.Structure):
    """kma_token (kma_result.h), 44 bytes."""
    _fields_ = [("begin", ctypes.c_uint32), ("length", ctypes.c_uint32),
                ("cp_begin", ctypes.c_uint32), ("cp_length", ctypes.c_uint32),
                ("morph_id", ctypes.c_uint32), ("tag", ctypes.c_uint16),
                ("flags", ctypes.c_uint16), ("score", ctypes.c_float),
                ("form_offset", ctypes.c_uint32), ("form_length", ctypes.c_uint32),
                ("sentence", ctypes.c_uint32), ("word", ctypes.c_uint32)]


_vp = ctypes.c_void_p
_lib.kma_model_open_file.argtypes = [ctypes.POINTER(_vp), ctypes.c_char_p, _vp]
_lib.kma_analyzer_new.argtypes = [ctypes.POINTER(_vp), _vp, _vp]
_lib.kma_analyzer_analyze_utf8.argtypes = [_vp, ctypes.c_char_p, ctypes.c_size_t,
                                           ctypes.POINTER(_vp)]
_lib.kma_result_free.argtypes = [_vp]
_lib.kma_result_analysis_count.argtypes = [_vp]
_lib.kma_result_analysis_count.restype = ctypes.c_size_t
_lib.kma_result_analysis_score.argtypes = [_vp, ctypes.c_size_t]
_lib.kma_result_analysis_score.restype = ctypes.c_float
_lib.kma_result_token_count.argtypes = [_vp, ctypes.c_size_t]
_lib.kma_result_token_count.restype = ctypes.c_size_t
_lib.kma_result_tokens.argtypes = [_vp, ctypes.c_size_t]
_lib.kma_result_tokens.restype = ctypes.POINTER(_KmaToken)
_lib.kma_result_token_form.argtypes = [_vp, ctypes.POINTER(_KmaToken)]
_lib.kma_result_token_form.restype = ctypes.c_char_p
_lib.kma_tag_name.argtypes = [ctypes.c_uint16]
_lib.kma_tag_name.restype = ctypes.c_char_p
_TAGS = [_lib.kma_tag_name(t).decode() for t in range(200)]


class CtypesAnalyzer:
    """analyze(text) → list[Analysis], like kma.Analyzer.analyze."""

    def __init__(self, model_path: str) -> None:
        self._model, self._analyzer = _vp(), _vp()
        if _lib.kma_model_open_file(ctypes.byref(self._model), model_path.encode(), None):
            raise OSError(f"cannot open {model_path}")
        if _lib.kma_analyzer_new(ctypes.byref(self._analyzer), self._model, None):
            raise RuntimeError("kma_analyzer_new failed")

    def analyze(self, text: str):
        data = text.encode()
        res = _vp()
        if _lib.kma_analyzer_analyze_utf8(self._analyzer, data, len(data), ctypes.byref(res)):
            raise ValueError("analysis failed")
        try:
            out = []
            for a in range(_lib.kma_result_analysis_count(res)):
                toks = _lib.kma_result_tokens(res, a)
                tokens = []
                for i in range(_lib.kma_result_token_count(res, a)):
                    t = toks[i]
                    form = _lib.kma_result_token_form(res, ctypes.byref(t)).decode()
                    tokens.append(Token(form, _TAGS[t.tag], t.cp_begin, t.cp_length, t.score,
                                        t.sentence, t.word, bool(t.flags & 1), t.morph_id))
                out.append(Analysis(tokens, _lib.kma_result_analysis_score(res, a)))
            return out
        finally:
            _lib.kma_result_free(res)
