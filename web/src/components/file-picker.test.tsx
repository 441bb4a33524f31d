import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik, type FormikProps } from 'formik';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/testing/render';
import { FilePickerField } from './file-picker';

interface Values {
  factures: File[];
}

function fileOf(name: string, type: string, bytes: number): File {
  return new File([new Uint8Array(bytes)], name, { type });
}

function renderPicker(
  compress: (file: File) => Promise<File> = (file) => Promise.resolve(file),
  pdfOnly = false,
  imagesOnly = false,
) {
  const formik = createRef<FormikProps<Values>>();
  renderWithProviders(
    <Formik<Values> innerRef={formik} initialValues={{ factures: [] }} onSubmit={vi.fn()}>
      <Form>
        <FilePickerField
          name="factures"
          label="Factures"
          compress={compress}
          pdfOnly={pdfOnly}
          imagesOnly={imagesOnly}
        />
      </Form>
    </Formik>,
  );
  return formik;
}

describe('FilePickerField', () => {
  it('refuses a PDF above 1 MB before sending, with the pdfTooLarge message, and keeps a small one', async () => {
    const user = userEvent.setup();
    const formik = renderPicker();
    const input = screen.getByLabelText('Factures');
    await user.upload(input, [
      fileOf('facture-scan.pdf', 'application/pdf', 2 * 1024 * 1024),
      fileOf('devis.pdf', 'application/pdf', 200 * 1024),
    ]);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      '« facture-scan.pdf » dépasse 1 Mo : un PDF ne peut pas dépasser 1 Mo.',
    );
    expect(formik.current?.values.factures.map((file) => file.name)).toEqual(['devis.pdf']);
    const preview = screen.getByTestId('file-preview');
    expect(within(preview).getByText('devis.pdf')).toBeInTheDocument();
    expect(within(preview).getByText('PDF')).toBeInTheDocument();
  });

  it('compresses images, says when one cannot be compressed, and removes a kept file', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const compress = vi.fn(async (file: File) => {
      if (file.name === 'casse.png') throw new Error('no canvas');
      return fileOf(file.name.replace('.png', '.jpg'), 'image/jpeg', 1000);
    });
    const formik = renderPicker(compress);
    await user.upload(screen.getByLabelText('Factures'), [
      fileOf('photo.png', 'image/png', 3 * 1024 * 1024),
      fileOf('casse.png', 'image/png', 10),
      fileOf('notes.docx', 'application/msword', 10),
    ]);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent("L'image « casse.png » n'a pas pu être compressée.");
    expect(alert).toHaveTextContent("« notes.docx » n'est pas accepté");
    expect(compress).toHaveBeenCalledTimes(2);
    expect(formik.current?.values.factures.map((file) => [file.name, file.size])).toEqual([['photo.jpg', 1000]]);
    expect(screen.getByText("1 fichier prêt à l'envoi")).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Retirer photo.jpg' }));
    await waitFor(() => expect(formik.current?.values.factures).toEqual([]));
    expect(screen.queryByTestId('file-preview')).toBeNull();
  });

  it('keeps one PDF only with pdfOnly: the input offers PDFs, an image is refused, a new PDF replaces the kept one', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const compress = vi.fn((file: File) => Promise.resolve(file));
    const formik = renderPicker(compress, true);
    const input = screen.getByLabelText('Factures');
    expect(input).toHaveAttribute('accept', '.pdf,application/pdf');
    expect(input).not.toHaveAttribute('multiple');
    expect(screen.getByText('Un seul fichier PDF, 1 Mo au plus.')).toBeInTheDocument();
    await user.upload(input, fileOf('plan.png', 'image/png', 10));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "« plan.png » n'est pas accepté : choisissez un fichier PDF.",
    );
    expect(compress).not.toHaveBeenCalled();
    expect(formik.current?.values.factures).toEqual([]);
    await user.upload(input, fileOf('reglement-v1.pdf', 'application/pdf', 100));
    await user.upload(input, fileOf('reglement-v2.pdf', 'application/pdf', 100));
    await waitFor(() => expect(formik.current?.values.factures.map((file) => file.name)).toEqual(['reglement-v2.pdf']));
    expect(screen.getAllByTestId('file-preview')).toHaveLength(1);
  });

  it('keeps photos only with imagesOnly: a PDF is refused, several photos are kept, each compressed', async () => {
    const user = userEvent.setup({ applyAccept: false });
    const compress = vi.fn((file: File) => Promise.resolve(file));
    const formik = renderPicker(compress, false, true);
    const input = screen.getByLabelText('Factures');
    expect(input).toHaveAttribute('accept', '.png,.jpg,.jpeg,image/png,image/jpeg');
    expect(input).toHaveAttribute('multiple');
    await user.upload(input, fileOf('devis.pdf', 'application/pdf', 100));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      "« devis.pdf » n'est pas accepté : choisissez une photo PNG ou JPEG.",
    );
    await user.upload(input, [fileOf('fuite.jpg', 'image/jpeg', 10), fileOf('plafond.png', 'image/png', 10)]);
    await waitFor(() =>
      expect(formik.current?.values.factures.map((file) => file.name)).toEqual(['fuite.jpg', 'plafond.png']),
    );
    expect(compress).toHaveBeenCalledTimes(2);
  });
});
