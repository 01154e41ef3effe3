"""Printing: every document a TD lays out on the tables, as a PDF.

``selectors`` reads a session's rows into plain inputs (``PrintData``); ``documents`` are the
ReportLab renderers, which see plain values only (no Django).  See docs/printing.md.
"""
