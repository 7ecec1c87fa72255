# doc.
